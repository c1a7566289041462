public import Foundation
import Primitives
public import Wire

/// One configured receiver of outgoing webhooks: where to POST, how to sign, and which events.
public struct WebhookSubscriber: Sendable, Equatable, CustomStringConvertible {
    /// The endpoint; the only address deliveries for this subscriber are ever sent to.
    public let url: URL
    /// The key every delivery to this endpoint is signed with.
    public let secret: WebhookSecret
    /// The event types this endpoint receives.
    public let events: Set<Event.Kind>
    /// Where it was configured, such as `webhookUrl` or `config/webhooks.json entry 2`.
    public let origin: String
    /// A stable short key derived from the URL; it ends every webhook-id sent to this endpoint.
    public let key: String

    /// A subscriber; `WebhookSubscribers` builds these from the configuration after validating it.
    public init(url: URL, secret: WebhookSecret, events: Set<Event.Kind>, origin: String) {
        self.url = url
        self.secret = secret
        self.events = events
        self.origin = origin
        self.key = Self.key(for: url)
    }

    /// Whether events of `kind` go to this endpoint.
    public func wants(_ kind: Event.Kind) -> Bool {
        events.contains(kind)
    }

    /// Origin and the redacted URL (`Self.redacted`).
    public var description: String {
        "\(origin) (\(Self.redacted(url)))"
    }

    /// An endpoint as logs and the API show it: scheme, host and port, then `/…`. User, password, path and
    /// query never appear: webhook URLs often carry their tokens there.
    public static func redacted(_ url: URL) -> String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "?")://\(url.host ?? "?")\(port)/…"
    }

    /// `redacted` of a URL in text form; text that is no URL shows as `…`.
    public static func redacted(_ text: String) -> String {
        URL(string: text).map { redacted($0) } ?? "…"
    }

    /// 64-bit FNV-1a of the URL text as 16 hex digits: stable across restarts and configuration order.
    static func key(for url: URL) -> String {
        FNV1a.hex(url.absoluteString.utf8)
    }
}
