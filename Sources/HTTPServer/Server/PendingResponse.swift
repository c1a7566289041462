import Dispatch
import Synchronization

/// A request whose handler is running while its connection is suspended: no thread waits for it.
///
/// The access callback suspends the connection and returns to libmicrohttpd's polling thread, the
/// handler runs as a task on Swift's pool, and its response resumes the connection; MHD then calls the
/// access callback again on the polling thread, which queues the response (`ServerCore`). The
/// connection is resumed exactly once: by the response, or, once the server stops, when a cancelled
/// handler's grace is over without one (the connection is then closed unanswered).
final class PendingResponse: ShutdownParticipant {
    private struct State {
        var response: HTTPResponse?
        var task: Task<Void, Never>?
        var connection: SuspendedConnection?
        var abandoned = false
        var graceOver = false
        var resumed = false

        /// The connection to resume now, once: suspended, not yet resumed, and answered or given up on.
        mutating func takeResumption() -> SuspendedConnection? {
            guard !resumed, let connection, response != nil || graceOver else { return nil }
            resumed = true
            return connection
        }
    }

    /// How long a cancelled handler still gets to answer when the server stops.
    private static let shutdownGrace = DispatchTimeInterval.milliseconds(500)

    private let state = Mutex(State())
    private let registry: ShutdownRegistry

    private init(registry: ShutdownRegistry) {
        self.registry = registry
    }

    /// The handler's response, once the connection is resumed; nil when the server stopped first.
    var response: HTTPResponse? { state.withLock { $0.response } }

    /// Suspends `connection` and starts `handler` for `request`; nil when the server is stopping, in
    /// which case nothing was suspended and the caller closes the connection.
    static func start(
        _ handler: any HTTPHandler, _ request: HTTPRequest, connection: MHDConnection, registry: ShutdownRegistry
    ) -> PendingResponse? {
        let pending = PendingResponse(registry: registry)
        guard registry.register(pending) else { return nil }
        guard registry.suspending() else {
            registry.unregister(pending)
            return nil
        }
        let suspended = connection.suspend()
        pending.state.withLock { $0.connection = suspended }
        let task = Task {
            let response = await handler.handle(request)
            pending.answer(response)
        }
        let (cancelNow, resumption) = pending.state.withLock { state in
            state.task = task
            return (state.abandoned, state.takeResumption())
        }
        if cancelNow { task.cancel() }
        if let resumption { pending.resume(resumption) }
        return pending
    }

    func shutDown() {
        let task = state.withLock { state in
            state.abandoned = true
            return state.task
        }
        task?.cancel()
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.shutdownGrace) { [self] in
            if let resumption = state.withLock({ state in
                state.graceOver = true
                return state.takeResumption()
            }) {
                resume(resumption)
            }
        }
    }

    private func answer(_ response: HTTPResponse) {
        let resumption = state.withLock { state in
            state.response = response
            return state.takeResumption()
        }
        if let resumption { resume(resumption) }
    }

    private func resume(_ connection: SuspendedConnection) {
        connection.resume()
        registry.resumed()
        registry.unregister(self)
    }
}
