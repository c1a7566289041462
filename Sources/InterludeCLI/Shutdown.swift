import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM, so long-running commands stop cleanly.
enum Shutdown {
    /// Returns the signal's name once one arrives.
    static func wait() async -> String {
        await withCheckedContinuation { continuation in
            let resumed = ResumeOnce(continuation)
            for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { resumed.resume(name) }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Kept alive for the life of the process.
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []  // set once, from the main task only
}

/// Resumes a continuation the first time only.
private final class ResumeOnce: @unchecked Sendable {  // guarded by its lock
    private let lock = NSLock()
    private var continuation: CheckedContinuation<String, Never>?
    init(_ continuation: CheckedContinuation<String, Never>) { self.continuation = continuation }
    func resume(_ value: String) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
    }
}
