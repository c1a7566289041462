/// How a route is protected.
public enum Access: Sendable, Hashable {
    /// Anyone may call it (health, metrics, the OpenAPI document, the page).
    case open
    /// A bearer token with this scope is needed, unless the API is open (loopback, no tokens).
    case scope(Scope)
    /// No bearer token: the handler checks a Standard Webhooks signature instead.
    case signature
}
