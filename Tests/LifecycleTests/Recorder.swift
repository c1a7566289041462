import Lifecycle
import Synchronization

/// What the test services did, in order, from any thread.
final class Recorder: Sendable {
    private let entries = Mutex<[String]>([])
    private let waiters = Mutex<[(String, AsyncStream<Void>.Continuation)]>([])

    func note(_ entry: String) {
        entries.withLock { $0.append(entry) }
        let matched = waiters.withLock { waiters in
            let ready = waiters.filter { $0.0 == entry }
            waiters.removeAll { $0.0 == entry }
            return ready
        }
        for (_, continuation) in matched { continuation.finish() }
    }

    var all: [String] { entries.withLock { $0 } }

    /// Returns once `entry` has been noted (at once if it already was).
    func wait(for entry: String) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        let already = entries.withLock { entries in
            if entries.contains(entry) { return true }
            waiters.withLock { $0.append((entry, continuation)) }
            return false
        }
        if already { return }
        for await _ in stream {}
    }
}

/// A service that notes its start, waits for a graceful shutdown (or cancellation), and notes how it ended.
struct Waiting: Service {
    let name: String
    let recorder: Recorder

    func run() async throws {
        recorder.note("\(name) started")
        do {
            try await gracefulShutdown()
            recorder.note("\(name) shut down")
        } catch {
            recorder.note("\(name) cancelled")
        }
    }
}

/// A service that fails once told to.
struct Failing: Service {
    struct Failure: Error, Equatable {}
    let recorder: Recorder

    func run() async throws {
        recorder.note("failing started")
        await recorder.wait(for: "fail now")
        throw Failure()
    }
}

/// A service that ignores graceful shutdown and ends only when cancelled.
struct Stubborn: Service {
    let recorder: Recorder

    func run() async throws {
        recorder.note("stubborn started")
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        for await _ in never {}
        recorder.note("stubborn cancelled")
    }
}
