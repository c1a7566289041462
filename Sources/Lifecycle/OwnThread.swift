import Foundation
import Synchronization

/// Runs blocking work on a new thread of its own and suspends, without blocking the caller's
/// thread, until it returns: the way to wait for a socket loop, or for a C library that joins threads.
public func onOwnThread<T: Sendable>(named name: String, _ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            nameThisThread(name)
            continuation.resume(with: Result { try body() })
        }
        thread.name = name
        thread.start()
    }
}

/// Gives the calling thread `name` where `top`, `perf` and `/proc/PID/task/TID/comm` show it: its first
/// 15 bytes, all Linux keeps (Foundation's `Thread.name` does not reach the kernel for a longer one).
func nameThisThread(_ name: String) {
    #if os(Linux)
        // A thread may rename itself through its own `comm` file (no C call: `prctl` is variadic).
        try? Data(name.utf8.prefix(15)).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
    #endif
}

/// Runs a loop on a thread of its own until it returns; `stop` is called once when the task is
/// cancelled or a graceful shutdown is signalled, and must make the loop return soon.
public func runOnOwnThread<T: Sendable>(
    named name: String, _ loop: @escaping @Sendable () throws -> T, stop: @escaping @Sendable () -> Void
) async throws -> T {
    let once = StopOnce(stop)
    return try await withGracefulShutdownHandler {
        try await withTaskCancellationHandler {
            try await onOwnThread(named: name, loop)
        } onCancel: {
            once.call()
        }
    } onGracefulShutdown: {
        once.call()
    }
}

/// Calls a closure the first time only.
private final class StopOnce: Sendable {
    private let body: @Sendable () -> Void
    private let called = Mutex(false)

    init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    func call() {
        guard
            !called.withLock({ called in
                defer { called = true }
                return called
            })
        else { return }
        body()
    }
}
