import Foundation
import Wire

/// The configured outgoing webhook endpoints: `webhookUrl` with its secret and events, plus `webhooksFile`.
public struct WebhookSubscribers: Sendable, Equatable {
    /// Every endpoint, the `webhookUrl` one first, then the file's in order.
    public let all: [WebhookSubscriber]

    /// Subscribers given directly (tests, embedding); URLs must be distinct.
    public init(_ subscribers: [WebhookSubscriber]) throws(WebhookSubscriberError) {
        var seen: [String: String] = [:]
        for subscriber in subscribers {
            if let earlier = seen[subscriber.key] {
                throw WebhookSubscriberError(
                    code: .duplicateURL, entry: subscriber.origin, detail: "same URL as \(earlier)")
            }
            seen[subscriber.key] = subscriber.origin
        }
        self.all = subscribers
    }

    /// Reads and validates the subscribers configured as `webhookUrl` (none when empty) with its `secret` and
    /// comma-separated `events`, then those in the JSON file at `file` (none when it is missing).
    public init(url: String, secret: String, events: String, file: String) throws(WebhookSubscriberError) {
        var subscribers: [WebhookSubscriber] = []
        if !url.isEmpty {
            let events = events.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            subscribers.append(try Self.subscriber(url: url, secret: secret, events: events.filter { !$0.isEmpty }, origin: "webhookUrl"))
        }
        subscribers += try Self.load(file: file)
        try self.init(subscribers)
    }

    /// The endpoint with this key, if it is still configured.
    public func subscriber(key: String) -> WebhookSubscriber? {
        all.first { $0.key == key }
    }

    /// The event types sent by default: everything but `job.queued` (and heartbeats, which are never sent).
    public static let defaultEvents = ["presentation.pending", "presentation.resolved", "job.succeeded", "job.failed", "job.cancelled"]

    /// Validates one entry: an http(s) URL with a host, a `whsec_` secret and known event types.
    static func subscriber(
        url text: String, secret: String, events: [String], origin: String
    ) throws(WebhookSubscriberError) -> WebhookSubscriber {
        guard let url = URL(string: text), let host = url.host, !host.isEmpty else {
            throw WebhookSubscriberError(code: .invalidURL, entry: origin, detail: "\"\(text)\"")
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw WebhookSubscriberError(code: .unsupportedScheme, entry: origin, detail: "\"\(text)\"")
        }
        let parsed: WebhookSecret
        do {
            parsed = try WebhookSecret(secret)
        } catch {
            throw WebhookSubscriberError(code: .invalidSecret, entry: origin, detail: error.description)
        }
        var kinds: Set<Event.Kind> = []
        for name in events {
            guard let kind = Event.Kind(rawValue: name), kind != .heartbeat else {
                let known = Event.Kind.allCases.filter { $0 != .heartbeat }.map(\.rawValue).joined(separator: ", ")
                throw WebhookSubscriberError(code: .unknownEventType, entry: origin, detail: "\"\(name)\"; known: \(known)")
            }
            kinds.insert(kind)
        }
        return WebhookSubscriber(url: url, secret: parsed, events: kinds, origin: origin)
    }
}
