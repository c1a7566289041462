import Foundation
import Presentation
import Primitives
import Wire
import ZeroMQ

/// Follows the broker's event stream on a SUB socket of its own thread; `BrokerConnection.events` opens one.
enum EventSubscription {
    /// Events as they are published (heartbeats included), until the consumer stops iterating.
    /// `topics` filters by prefix, such as `presentation.`; empty means everything.
    static func stream(
        context: Context, endpoint: String, topics: [String] = [], security: SocketSecurity = .none
    ) throws -> AsyncStream<Event> {
        let socket = try Socket(context, .sub, security: security)
        for topic in topics.isEmpty ? [""] : topics + ["heartbeat"] { try socket.subscribe(topic) }
        // Several brokers: only the active one publishes, so listening to all follows it across a failover.
        for one in EndpointList.split(endpoint) { try socket.connect(one) }
        let stop = try Wakeup()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(10_000))
        continuation.onTermination = { _ in stop.signal() }
        let box = Handoff(socket)
        let thread = Thread {
            let socket = box.value
            defer {
                socket.close()
                continuation.finish()
            }
            while true {
                guard let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: nil) else { return }
                if readable[1] { return }
                while let frames = try? socket.receive() {
                    if let event = try? Event.decode(frames) { continuation.yield(event) }
                }
            }
        }
        thread.name = "interlude-events"
        thread.start()
        return stream
    }
}
