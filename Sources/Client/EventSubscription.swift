import Foundation
import Presentation
import Primitives
import Wire
import ZeroMQ

/// Follows the broker's event stream on a SUB socket of its own thread; `BrokerConnection.events` and
/// `BrokerConnection.listen` open one.
enum EventSubscription {
    /// Events as they are published (heartbeats included), until the consumer stops iterating.
    /// `topics` filters by prefix, such as `presentation.`; empty means everything.
    static func stream(
        context: Context, endpoint: String, topics: [String] = [], security: SocketSecurity = .none
    ) throws -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(10_000))
        let listener = try listen(
            context: context, endpoint: endpoint, topics: topics, security: security,
            deliver: { continuation.yield($0) }, ended: { continuation.finish() })
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }

    /// Hands each event to `deliver` on the subscription's thread as it is read, until the listener is
    /// cancelled; `ended` runs last on that thread.
    static func listen(
        context: Context, endpoint: String, topics: [String] = [], security: SocketSecurity = .none,
        deliver: @escaping @Sendable (Event) -> Void, ended: @escaping @Sendable () -> Void = {}
    ) throws -> EventListener {
        let socket = try Socket(context, .sub, security: security)
        for topic in topics.isEmpty ? [""] : topics + ["heartbeat"] { try socket.subscribe(topic) }
        // Several brokers: only the active one publishes, so listening to all follows it across a failover.
        for one in EndpointList.split(endpoint) { try socket.connect(one) }
        let listener = EventListener(stop: try Wakeup())
        let box = Handoff(socket)
        let thread = Thread { [stop = listener.stop] in
            let socket = box.value
            defer {
                socket.close()
                ended()
            }
            while true {
                guard let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil) else { return }
                if readable[1] { return }
                while let frames = try? socket.receive() {
                    if let event = try? Event.decode(frames) { deliver(event) }
                }
            }
        }
        thread.name = "interlude-events"
        thread.start()
        return listener
    }
}

/// A live subscription that hands each event to a closure on its own thread; `cancel()` ends it.
public final class EventListener: Sendable {
    let stop: Wakeup

    init(stop: Wakeup) { self.stop = stop }

    /// Stops the subscription: its thread closes the socket and ends; no event is handed over after that.
    public func cancel() { stop.signal() }
}
