import Synchronization

/// Continuations waiting for a keyed reply from a socket thread; cancelling the waiting task ends its wait.
public final class Waiters<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: CheckedContinuation<Value, any Error>]>([:])

    /// An empty set of waiters.
    public init() {}

    /// Suspends until `resolve` or `fail` is called for `key`, or the task is cancelled.
    public func wait(for key: Key, before start: () -> Void = {}) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                entries.withLock { $0[key] = continuation }
                if Task.isCancelled { fail(key, CancellationError()) } else { start() }
            }
        } onCancel: {
            fail(key, CancellationError())
        }
    }

    /// Wakes the waiter for `key` with a value; no-op when nobody waits.
    public func resolve(_ key: Key, _ value: Value) {
        entries.withLock { $0.removeValue(forKey: key) }?.resume(returning: value)
    }

    /// Wakes the waiter for `key` with an error.
    public func fail(_ key: Key, _ error: any Error) {
        entries.withLock { $0.removeValue(forKey: key) }?.resume(throwing: error)
    }

    /// Wakes every waiter whose key matches with an error.
    public func failAll(where matches: (Key) -> Bool, _ error: any Error) {
        let removed = entries.withLock { entries in
            let keys = entries.keys.filter(matches)
            return keys.compactMap { entries.removeValue(forKey: $0) }
        }
        for continuation in removed { continuation.resume(throwing: error) }
    }
}
