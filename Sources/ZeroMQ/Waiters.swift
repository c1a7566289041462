import Synchronization

/// Continuations waiting for a keyed reply from a socket thread; cancelling the waiting task ends its wait.
///
/// A key announced with `expect` keeps a reply (or failure) that comes before anyone waits for it.
public final class Waiters<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private enum Slot {
        /// Announced; nobody waits yet.
        case expected
        case waiting(CheckedContinuation<Value, any Error>)
        /// Came while expected, before the wait.
        case done(Result<Value, any Error>)
    }

    private let entries = Mutex<[Key: Slot]>([:])

    /// An empty set of waiters.
    public init() {}

    /// Keeps what `resolve` or `fail` brings for `key` from now on until `wait(for:)` takes it.
    public func expect(_ key: Key) {
        entries.withLock { entries in
            if entries[key] == nil { entries[key] = .expected }
        }
    }

    /// Drops what `expect` kept for `key` when no wait will come for it; a waiter already there stays.
    public func forget(_ key: Key) {
        entries.withLock { entries in
            if case .waiting? = entries[key] { return }
            entries[key] = nil
        }
    }

    /// Suspends until `resolve` or `fail` is called for `key` (or was, after `expect`), or the task is cancelled.
    public func wait(for key: Key, before start: () -> Void = {}) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let early: Result<Value, any Error>? = entries.withLock { entries in
                    if case .done(let result)? = entries[key] {
                        entries[key] = nil
                        return result
                    }
                    entries[key] = .waiting(continuation)
                    return nil
                }
                if let early { return continuation.resume(with: early) }
                if Task.isCancelled { fail(key, CancellationError()) } else { start() }
            }
        } onCancel: {
            fail(key, CancellationError())
        }
    }

    /// Wakes the waiter for `key` with a value; no-op when nobody waits or expects it.
    public func resolve(_ key: Key, _ value: Value) {
        settle(key, .success(value))
    }

    /// Wakes the waiter for `key` with an error.
    public func fail(_ key: Key, _ error: any Error) {
        settle(key, .failure(error))
    }

    /// Wakes every waiter whose key matches with an error (and fails every such expected key).
    public func failAll(where matches: (Key) -> Bool, _ error: any Error) {
        let removed = entries.withLock { entries in
            var waiting: [CheckedContinuation<Value, any Error>] = []
            for (key, slot) in entries where matches(key) {
                switch slot {
                case .waiting(let continuation):
                    waiting.append(continuation)
                    entries[key] = nil
                case .expected:
                    entries[key] = .done(.failure(error))
                case .done:
                    break
                }
            }
            return waiting
        }
        for continuation in removed { continuation.resume(throwing: error) }
    }

    private func settle(_ key: Key, _ result: Result<Value, any Error>) {
        let waiting: CheckedContinuation<Value, any Error>? = entries.withLock { entries in
            switch entries[key] {
            case .waiting(let continuation)?:
                entries[key] = nil
                return continuation
            case .expected?:
                entries[key] = .done(result)
                return nil
            case .done?, nil:
                return nil
            }
        }
        waiting?.resume(with: result)
    }
}
