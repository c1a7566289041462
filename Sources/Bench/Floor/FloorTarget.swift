import Foundation
import ZeroMQ

/// What the floor client talks to: a bare ROUTER echo, or a DEALER echo behind one hop through `zmq_proxy`.
/// Each socket lives on a thread of its own.
final class FloorTarget: Sendable {
    /// Where the client connects.
    let endpoint: String
    private let stopping: @Sendable () -> Void

    private init(endpoint: String, stopping: @escaping @Sendable () -> Void) {
        self.endpoint = endpoint
        self.stopping = stopping
    }

    /// Ends the target's threads.
    func stop() { stopping() }

    /// A ROUTER that sends every message back to where it came from.
    static func echo(context: Context) async throws -> FloorTarget {
        let stop = try Wakeup()
        let endpoint: String = try await onThread("interlude-bench-echo") { report in
            let socket = try Socket(context, .router)
            try socket.setRouterMandatory(true)
            try socket.bind("tcp://127.0.0.1:*")
            report(try socket.lastEndpoint)
            serve(socket, stop: stop)
            socket.close()
        }
        return FloorTarget(endpoint: endpoint) { stop.signal() }
    }

    /// A ROUTER frontend and a DEALER backend joined by `zmq_proxy`, with a DEALER echo connected to the backend.
    static func proxyHop(context: Context) async throws -> FloorTarget {
        let control = "inproc://interlude-bench-proxy-\(UUID().uuidString)"
        let ends: (front: String, back: String) = try await onThread("interlude-bench-proxy") { report in
            let frontend = try Socket(context, .router)
            let backend = try Socket(context, .dealer)
            let steer = try Socket(context, .pair)
            defer { for socket in [frontend, backend, steer] { socket.close() } }
            try frontend.bind("tcp://127.0.0.1:*")
            try backend.bind("tcp://127.0.0.1:*")
            try steer.bind(control)
            report((try frontend.lastEndpoint, try backend.lastEndpoint))
            try? Socket.proxy(frontend: frontend, backend: backend, control: steer)
        }
        let stopEcho = try Wakeup()
        let _: Bool = try await onThread("interlude-bench-proxied-echo") { report in
            let socket = try Socket(context, .dealer)
            try socket.connect(ends.back)
            report(true)
            serve(socket, stop: stopEcho)
            socket.close()
        }
        return FloorTarget(endpoint: ends.front) {
            stopEcho.signal()
            if let steer = try? Socket(context, .pair) {
                _ = try? steer.connect(control)
                _ = try? steer.send([Data("TERMINATE".utf8)], timeout: .seconds(1))
                steer.close()
            }
        }
    }

    /// Sends every message back as it came until `stop` is signalled.
    private static func serve(_ socket: Socket, stop: Wakeup) {
        while true {
            guard let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: .seconds(1)) else { return }
            if readable[1] { return }
            while let frames = try? socket.receive() { _ = try? socket.send(frames) }
        }
    }

    /// Runs `body` on a new thread and returns what it reports once set up (or the error that stopped it first).
    private static func onThread<Value: Sendable>(
        _ name: String, _ body: @escaping @Sendable (_ report: (Value) -> Void) throws -> Void
    ) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                var reported = false
                do {
                    try body { value in
                        reported = true
                        continuation.resume(returning: value)
                    }
                    if !reported { throw BenchFailure("\(name) ended before it was ready") }
                } catch {
                    if !reported { continuation.resume(throwing: error) }
                }
            }
            thread.name = name
            thread.start()
        }
    }
}
