import Synchronization

/// Something in flight that must let go promptly when the server stops.
protocol ShutdownParticipant: AnyObject, Sendable {
    /// Stops waiting and releases the connection thread; called at most once, from any thread.
    func shutDown()
}

/// The in-flight handlers and streams, so `stop()` can release the threads MHD will join.
final class ShutdownRegistry: Sendable {
    private struct State {
        var stopping = false
        var members: [ObjectIdentifier: any ShutdownParticipant] = [:]
    }

    private let state = Mutex(State())

    /// Adds a participant; false once stopping has begun, in which case the caller gives up at once.
    func register(_ participant: some ShutdownParticipant) -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            state.members[ObjectIdentifier(participant)] = participant
            return true
        }
    }

    /// Removes a participant that finished on its own.
    func unregister(_ participant: some ShutdownParticipant) {
        _ = state.withLock { $0.members.removeValue(forKey: ObjectIdentifier(participant)) }
    }

    /// Refuses new participants and shuts down every current one.
    func shutDownAll() {
        let members = state.withLock { state in
            state.stopping = true
            defer { state.members.removeAll() }
            return Array(state.members.values)
        }
        for member in members {
            member.shutDown()
        }
    }
}
