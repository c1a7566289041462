import Foundation
import Synchronization

/// A value set once that any number of tasks await, each for a bounded time.
final class Latch<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [UUID: CheckedContinuation<Value?, Never>] = [:]
        /// Waits whose time ran out before they were registered (the timer can win that race).
        var expired: Set<UUID> = []
    }

    private let state = Mutex(State())

    /// The value, once set.
    var value: Value? { state.withLock { $0.value } }

    /// Sets the value and wakes every waiter; later calls do nothing.
    func open(_ value: Value) {
        let waiters: [CheckedContinuation<Value?, Never>] = state.withLock { state in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: value) }
    }

    /// The value, waiting up to `timeout` for it; nil if it was not set in time.
    func wait(_ timeout: Duration) async -> Value? {
        let id = UUID()
        let timer = Task { [self] in
            try await Task.sleep(for: timeout)
            expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let ready: Value?? = state.withLock { state in
                if let value = state.value { return .some(value) }
                if state.expired.remove(id) != nil { return .some(nil) }
                state.waiters[id] = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func expire(_ id: UUID) {
        let waiter: CheckedContinuation<Value?, Never>? = state.withLock { state in
            guard state.value == nil else { return nil }
            guard let waiter = state.waiters.removeValue(forKey: id) else {
                state.expired.insert(id)
                return nil
            }
            return waiter
        }
        waiter?.resume(returning: nil)
    }
}
