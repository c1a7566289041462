import Dispatch
import Synchronization

/// A handler running as a Task on the connection's MHD thread, which waits for its response.
///
/// Blocking is correct here, not a shortcut: the waiting thread belongs to libmicrohttpd (one per
/// connection), never to Swift's cooperative pool, and MHD wants the response queued on that thread.
/// While it waits the thread runs the task's jobs itself (`ConnectionExecutor`); an actor's work still
/// runs on the actor, and the task's awaits wake this thread directly.
final class PendingResponse: ShutdownParticipant {
    private struct State {
        var response: HTTPResponse?
        var task: Task<Void, Never>?
        var abandoned = false
    }

    /// How long a cancelled handler still gets to answer when the server stops.
    private static let shutdownGrace = DispatchTimeInterval.milliseconds(500)

    private let state = Mutex(State())
    private let executor = ConnectionExecutor()

    /// Runs `handler` for `request`, blocking this (MHD) thread; nil when the server stopped first.
    static func run(_ handler: any HTTPHandler, _ request: HTTPRequest, registry: ShutdownRegistry) -> HTTPResponse? {
        let pending = PendingResponse()
        guard registry.register(pending) else { return nil }
        defer { registry.unregister(pending) }
        let task = Task(executorPreference: pending.executor) {
            let response = await handler.handle(request)
            pending.state.withLock { $0.response = response }
            pending.executor.wake()
        }
        let cancelNow = pending.state.withLock { state in
            state.task = task
            return state.abandoned
        }
        if cancelNow { task.cancel() }
        return pending.wait()
    }

    func shutDown() {
        let task = state.withLock { state in
            state.abandoned = true
            return state.task
        }
        task?.cancel()
        executor.wake()
    }

    /// Runs the task's jobs until it answers or the server stops, then gives a cancelled handler its grace.
    private func wait() -> HTTPResponse? {
        defer { executor.close() }
        _ = executor.runJobs(until: { state.withLock { $0.response != nil || $0.abandoned } })
        if let response = state.withLock({ $0.response }) { return response }
        _ = executor.runJobs(until: { state.withLock { $0.response != nil } }, deadline: .now() + Self.shutdownGrace)
        return state.withLock { $0.response }
    }
}
