import Foundation

/// A wait in a test ran past its bound.
public struct TimedOut: Error, CustomStringConvertible {
    public let seconds: Double

    /// A wait bounded by `seconds` that ran out.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    public var description: String { "timed out after \(seconds) s" }
}

/// Runs `body`, failing with `TimedOut` if it takes longer than `seconds`.
public func withTimeout<T: Sendable>(
    _ seconds: Double = 30, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            throw TimedOut(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw TimedOut(seconds: seconds) }
        return first
    }
}

/// Runs blocking work (sockets, `stop()`) on its own thread so the cooperative pool stays free
/// for the server's handlers.
public func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// A one-shot signal a test can await with a bound, fired from any thread.
public final class Signal: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    public func fire() {
        continuation.yield()
    }

    /// Waits for the signal, throwing `TimedOut` after `seconds`.
    public func wait(seconds: Double = 30) async throws {
        let stream = stream
        try await withTimeout(seconds) {
            for await _ in stream { return }
        }
    }
}
