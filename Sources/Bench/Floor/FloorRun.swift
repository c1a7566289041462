import Foundation
import ZeroMQ

/// The floor: what ZeroMQ alone costs here, a DEALER client timing round trips to a target on loopback —
/// one message in flight for latency, then K in flight for throughput.
enum FloorRun {
    /// Round-trip figures, in microseconds.
    struct Result: Encodable, Sendable {
        let roundTrips: Int
        let messageBytes: Int
        /// One message in flight.
        let latency: Latency
        let perSecond: Double
        /// Messages in flight in the second part (the bench's `--in-flight`).
        let inFlight: Int
        let inFlightPerSecond: Double
    }

    static let messageBytes = 100
    static let warmUp = 500

    /// Times `roundTrips` round trips to `endpoint` one at a time, then `roundTrips` more with `inFlight` outstanding.
    static func measure(context: Context, endpoint: String, roundTrips: Int, inFlight: Int, limit: Duration) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Swift.Result {
                        let socket = try Socket(context, .dealer)
                        defer { socket.close() }
                        try socket.connect(endpoint)
                        let deadline = ContinuousClock.now + limit
                        let (samples, elapsed) = try oneAtATime(socket, count: roundTrips, deadline: deadline)
                        let windowed = try window(socket, count: roundTrips, inFlight: inFlight, deadline: deadline)
                        return Result(
                            roundTrips: samples.count, messageBytes: messageBytes, latency: Latency(samples),
                            perSecond: rate(samples.count, elapsed), inFlight: inFlight, inFlightPerSecond: rate(roundTrips, windowed))
                    })
            }
            thread.name = "interlude-bench-floor"
            thread.start()
        }
    }

    private static func rate(_ count: Int, _ elapsed: Duration) -> Double {
        let seconds = Latency.seconds(elapsed)
        return seconds > 0 ? Double(count) / seconds : 0
    }

    /// Times `count` round trips after a warm-up; returns each one and the time they took together.
    private static func oneAtATime(_ socket: Socket, count: Int, deadline: ContinuousClock.Instant) throws -> ([Duration], Duration) {
        let payload = Data(repeating: 0x2A, count: messageBytes)
        var samples: [Duration] = []
        samples.reserveCapacity(count)
        var measuring = ContinuousClock.now
        for index in 0..<(warmUp + count) {
            if index == warmUp { measuring = ContinuousClock.now }
            let sent = ContinuousClock.now
            guard sent < deadline else { throw BenchFailure("floor: \(index) round trips done when the time limit passed") }
            guard try socket.send([payload], timeout: .seconds(2)) else { throw BenchFailure("floor: could not send within 2 s") }
            guard try socket.receive(timeout: .seconds(2)) != nil else { throw BenchFailure("floor: no reply within 2 s (round trip \(index))") }
            if index >= warmUp { samples.append(ContinuousClock.now - sent) }
        }
        return (samples, ContinuousClock.now - measuring)
    }

    /// The time `count` round trips take with `inFlight` of them outstanding at all times.
    private static func window(_ socket: Socket, count: Int, inFlight: Int, deadline: ContinuousClock.Instant) throws -> Duration {
        let payload = Data(repeating: 0x2A, count: messageBytes)
        let start = ContinuousClock.now
        var sent = 0
        var received = 0
        while sent < min(inFlight, count) {
            guard try socket.send([payload], timeout: .seconds(2)) else { throw BenchFailure("floor: could not send within 2 s") }
            sent += 1
        }
        while received < count {
            guard ContinuousClock.now < deadline else {
                throw BenchFailure("floor: \(received) of \(count) windowed round trips done when the time limit passed")
            }
            guard try socket.receive(timeout: .seconds(2)) != nil else { throw BenchFailure("floor: no reply within 2 s (\(received) received)") }
            received += 1
            if sent < count {
                guard try socket.send([payload], timeout: .seconds(2)) else { throw BenchFailure("floor: could not send within 2 s") }
                sent += 1
            }
        }
        return ContinuousClock.now - start
    }
}
