import Synchronization

/// Wakes one waiting task: rung when work arrives, awaited with a time bound. A ring with nobody
/// waiting is kept, so the next wait returns at once.
public final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A doorbell nobody has rung.
    public init() {}

    /// Wakes the waiter, or the next one to wait.
    public func ring() {
        let waiter = state.withLock { state in
            guard let waiter = state.waiter else {
                state.rung = true
                return CheckedContinuation<Void, Never>?.none
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Returns when rung, after `timeout`, or when the task is cancelled, whichever is first.
    public func wait(timeout: Duration) async {
        let timer = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.ring()
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            ring()
        }
    }
}
