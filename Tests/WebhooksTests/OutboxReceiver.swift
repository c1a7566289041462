import Foundation
import HTTPServer
import Synchronization
import Wire

@testable import Webhooks

/// A webhook endpoint on 127.0.0.1: an `HTTPServer` that answers from a script and records every request.
final class OutboxReceiver: Sendable {
    /// One request as the receiver saw it.
    struct Hit: Sendable {
        let request: HTTPRequest
        let at: ContinuousClock.Instant
        var id: String { request.headers[WebhookHeader.id] ?? "" }
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:] }
    }

    /// The requests received, shared with the server's handler.
    private final class Log: Sendable {
        let hits = Mutex<[Hit]>([])
    }

    let secret: WebhookSecret
    private let log: Log
    private let server: HTTPServer

    /// Starts listening; `script` answers the n-th request (0-based) however the test needs.
    /// With `verifying`, a request whose signature does not verify gets 401 instead.
    init(
        verifying: Bool = false,
        script: @escaping @Sendable (Int, HTTPRequest) async -> HTTPResponse = { _, _ in HTTPResponse(status: 204) }
    ) throws {
        let secret = WebhookSecret.generate()
        let verifier = WebhookVerifier(secret: secret)
        let log = Log()
        let server = try HTTPServer { request in
            let index = log.hits.withLock { hits in
                hits.append(Hit(request: request, at: .now))
                return hits.count - 1
            }
            if verifying, (try? verifier.verify(header: { request.headers[$0] }, body: request.body)) == nil {
                return HTTPResponse(status: 401)
            }
            return await script(index, request)
        }
        self.server = server
        self.secret = secret
        self.log = log
    }

    /// The URL to configure.
    var url: URL {
        URL(string: "http://127.0.0.1:\(server.port)/hooks/interlude")!
    }

    /// A subscriber for this receiver.
    func subscriber(events: Set<Event.Kind> = [.presentationPending, .presentationResolved, .jobSucceeded])
        -> WebhookSubscriber
    {
        WebhookSubscriber(url: url, secret: secret, events: events, origin: "test receiver")
    }

    /// Every request so far.
    var received: [Hit] { log.hits.withLock { $0 } }

    /// Stops the server; pending handlers are released.
    func stop() async throws {
        await server.stopped()
    }
}
