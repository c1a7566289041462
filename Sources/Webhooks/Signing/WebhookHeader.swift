/// The header names Standard Webhooks defines.
public enum WebhookHeader {
    /// The message id, unique per message and kept across retries.
    public static let id = "webhook-id"
    /// The send time in integer seconds since 1970.
    public static let timestamp = "webhook-timestamp"
    /// Space-separated `version,base64` signatures.
    public static let signature = "webhook-signature"
}
