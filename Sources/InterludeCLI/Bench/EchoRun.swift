import Foundation
import ZeroMQ

/// Part 3, the floor: a bare DEALER↔ROUTER echo with one message in flight, each socket on a thread of its own.
enum EchoRun {
    /// Round-trip figures, in microseconds.
    struct Result: Encodable, Sendable {
        let roundTrips: Int
        let messageBytes: Int
        let latency: Latency
        let perSecond: Double
    }

    static let messageBytes = 100
    static let warmUp = 500

    static func run(context: Context, roundTrips: Int, limit: Duration) async throws -> Result {
        let stop = try Wakeup()
        defer { stop.signal() }
        let endpoint: String = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let socket: Socket
                do {
                    socket = try Socket(context, .router)
                    try socket.setRouterMandatory(true)
                    try socket.bind("tcp://127.0.0.1:*")
                    continuation.resume(returning: try socket.lastEndpoint)
                } catch {
                    continuation.resume(throwing: error)
                    return
                }
                defer { socket.close() }
                serve(socket, stop: stop)
            }
            thread.name = "interlude-bench-echo"
            thread.start()
        }
        let (samples, elapsed): ([Duration], Duration) = try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Swift.Result { try ping(context: context, endpoint: endpoint, count: roundTrips, limit: limit) })
            }
            thread.name = "interlude-bench-ping"
            thread.start()
        }
        let seconds = Latency.seconds(elapsed)
        return Result(
            roundTrips: samples.count, messageBytes: messageBytes, latency: Latency(samples),
            perSecond: seconds > 0 ? Double(samples.count) / seconds : 0)
    }

    /// Sends every message back to where it came from until `stop` is signalled.
    private static func serve(_ socket: Socket, stop: Wakeup) {
        while true {
            guard let readable = try? poll([.socket(socket), .fileDescriptor(stop.fileDescriptor)], timeout: .seconds(1)) else { return }
            if readable[1] { return }
            while let frames = try? socket.receive() { _ = try? socket.send(frames) }
        }
    }

    /// Times `count` round trips after a warm-up; returns each one and the time they took together.
    private static func ping(context: Context, endpoint: String, count: Int, limit: Duration) throws -> ([Duration], Duration) {
        let socket = try Socket(context, .dealer)
        defer { socket.close() }
        try socket.connect(endpoint)
        let payload = Data(repeating: 0x2A, count: messageBytes)
        var samples: [Duration] = []
        samples.reserveCapacity(count)
        var measuring = ContinuousClock.now
        let deadline = measuring + limit
        for index in 0..<(warmUp + count) {
            if index == warmUp { measuring = ContinuousClock.now }
            let sent = ContinuousClock.now
            guard sent < deadline else { throw BenchFailure("echo: \(index) round trips done when the \(limit) limit passed") }
            guard try socket.send([payload], timeout: .seconds(2)) else { throw BenchFailure("echo: could not send within 2 s") }
            guard try socket.receive(timeout: .seconds(2)) != nil else { throw BenchFailure("echo: no reply within 2 s (round trip \(index))") }
            if index >= warmUp { samples.append(ContinuousClock.now - sent) }
        }
        return (samples, ContinuousClock.now - measuring)
    }
}
