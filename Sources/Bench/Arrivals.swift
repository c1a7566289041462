import Synchronization

/// One-shot rendezvous by key: an event may arrive before or after someone waits for it, and every wait has a deadline.
final class Arrivals<Value: Sendable>: Sendable {
    /// Where one key stands.
    private enum Slot {
        case arrived(Value)
        case waiting(CheckedContinuation<Value, any Error>)
        /// The deadline passed before anyone waited (the timer can win that race).
        case failed(any Error)
    }

    /// Every key's slot, the deadline of each wait, and the failure that ended all waits, if any.
    private struct State {
        var slots: [String: Slot] = [:]
        var deadlines: [String: (at: ContinuousClock.Instant, failure: BenchFailure)] = [:]
        var failure: (any Error)?
    }

    private let state = Mutex(State())
    /// One task checks every wait's deadline: a timer task per wait woke threads of this process for every
    /// job, in the middle of the time being measured.
    private let watchdog = Mutex<Task<Void, Never>?>(nil)

    init() {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(50))
                guard let self else { return }
                expire(now: .now)
            }
        }
        watchdog.withLock { $0 = task }
    }

    deinit { close() }

    /// Stops checking deadlines; waits still pending then wait for their values only.
    func close() {
        watchdog.withLock { $0?.cancel() }
    }

    /// Fails every wait whose deadline has passed.
    private func expire(now: ContinuousClock.Instant) {
        let expired: [(CheckedContinuation<Value, any Error>, BenchFailure)] = state.withLock { state in
            var expired: [(CheckedContinuation<Value, any Error>, BenchFailure)] = []
            for (key, deadline) in state.deadlines where deadline.at <= now {
                state.deadlines[key] = nil
                if case .waiting(let continuation)? = state.slots[key] {
                    state.slots[key] = nil
                    expired.append((continuation, deadline.failure))
                }
            }
            return expired
        }
        for (continuation, failure) in expired { continuation.resume(throwing: failure) }
    }

    /// Records `value` for `key`, waking its waiter if there is one.
    func arrive(_ key: String, _ value: Value) {
        let waiter: CheckedContinuation<Value, any Error>? = state.withLock { state in
            if case .waiting(let continuation)? = state.slots[key] {
                state.slots[key] = nil
                state.deadlines[key] = nil
                return continuation
            }
            if state.failure == nil { state.slots[key] = .arrived(value) }
            return nil
        }
        waiter?.resume(returning: value)
    }

    /// Waits for the value of `key`; fails with a `BenchFailure` naming `what` after `timeout`.
    func wait(for key: String, timeout: Duration, what: @autoclosure () -> String) async throws -> Value {
        let deadline = (at: ContinuousClock.now + timeout, failure: BenchFailure("timed out after \(timeout) waiting for \(what())", timedOut: true))
        return try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Value, any Error>? = state.withLock { state in
                if let failure = state.failure { return .failure(failure) }
                switch state.slots[key] {
                case .arrived(let value)?:
                    state.slots[key] = nil
                    return .success(value)
                case .failed(let error)?:
                    state.slots[key] = nil
                    return .failure(error)
                case .waiting?, nil:
                    state.slots[key] = .waiting(continuation)
                    state.deadlines[key] = deadline
                    return nil
                }
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    /// Wakes the waiter of `key` with `error`, or makes its coming wait fail if nothing has arrived yet.
    func fail(_ key: String, _ error: any Error) {
        let waiter: CheckedContinuation<Value, any Error>? = state.withLock { state in
            switch state.slots[key] {
            case .waiting(let continuation)?:
                state.slots[key] = nil
                state.deadlines[key] = nil
                return continuation
            case nil:
                state.slots[key] = .failed(error)
                return nil
            case .arrived?, .failed?:
                return nil
            }
        }
        waiter?.resume(throwing: error)
    }

    /// Wakes every waiter with `error`, and makes later waits fail at once with it.
    func failAll(_ error: any Error) {
        let waiters: [CheckedContinuation<Value, any Error>] = state.withLock { state in
            state.failure = state.failure ?? error
            state.deadlines = [:]
            var waiting: [CheckedContinuation<Value, any Error>] = []
            for (key, slot) in state.slots {
                if case .waiting(let continuation) = slot {
                    waiting.append(continuation)
                    state.slots[key] = nil
                }
            }
            return waiting
        }
        for waiter in waiters { waiter.resume(throwing: error) }
    }
}

/// Why a bench run stopped: a deadline passed or something refused; printed as is.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    /// A wait's deadline passed (rather than something failing outright).
    let timedOut: Bool
    init(_ description: String, timedOut: Bool = false) {
        self.description = description
        self.timedOut = timedOut
    }
}
