import Dispatch
import Synchronization

/// A request whose handler is running while its connection is suspended: no thread waits for it.
///
/// The handler's first steps run right in the access callback on libmicrohttpd's polling thread
/// (`InlineExecutor`); a handler that needs nothing from elsewhere is answered there and then. One that
/// awaits a reply from elsewhere (the broker) has its connection suspended, goes on on Swift's pool,
/// and its response resumes the connection; MHD then calls the access callback again on the polling
/// thread, which queues the response (`ServerCore`). The connection is resumed exactly once: by the
/// response, or, once the server stops, when a cancelled handler's grace is over without one (the
/// connection is then closed unanswered).
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

    /// What starting a handler came to.
    enum Start {
        /// The handler answered before it awaited anything from elsewhere: queue this now.
        case answered(HTTPResponse)
        /// The connection is suspended until the handler's response (or the server's stopping) resumes it.
        case suspended(PendingResponse)
        /// The server is stopping: close the connection (nothing is suspended).
        case refused
    }

    /// Starts `handler` for `request`, running its first steps on this (the polling) thread, and
    /// suspends `connection` if it has not answered by the time it awaits something from elsewhere.
    static func start(
        _ handler: any HTTPHandler, _ request: HTTPRequest, connection: MHDConnection, registry: ShutdownRegistry
    ) -> Start {
        let pending = PendingResponse(registry: registry)
        guard registry.register(pending) else { return .refused }
        let executor = InlineExecutor()
        let task = Task(executorPreference: executor) {
            let response = await handler.handle(request)
            pending.answer(response)
        }
        if pending.state.withLock({ state in
            state.task = task
            return state.abandoned
        }) {
            task.cancel()
        }
        executor.runUntilIdle()
        if let response = pending.response {
            registry.unregister(pending)
            return .answered(response)
        }
        guard registry.suspending() else {
            registry.unregister(pending)
            task.cancel()
            return .refused
        }
        let suspended = connection.suspend()
        // The response may have come from elsewhere since it was looked for, or the grace run out.
        if let resumption = pending.state.withLock({ state in
            state.connection = suspended
            return state.takeResumption()
        }) {
            pending.resume(resumption)
        }
        return .suspended(pending)
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
