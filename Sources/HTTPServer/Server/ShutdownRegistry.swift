import Dispatch
import Synchronization

/// Something in flight that must let go promptly when the server stops.
protocol ShutdownParticipant: AnyObject, Sendable {
    /// Stops waiting and resumes the participant's connection if it is suspended (at once, or after a
    /// bounded grace); called at most once, from any thread.
    func shutDown()
}

/// The in-flight handlers and streams, so `stop()` can end them, and the connections they hold
/// suspended, so the daemon is stopped only once every one of them is resumed (libmicrohttpd aborts
/// the process when it is stopped with a connection still suspended).
final class ShutdownRegistry: Sendable {
    private struct State {
        var stopping = false
        var members: [ObjectIdentifier: any ShutdownParticipant] = [:]
    }

    private let state = Mutex(State())
    /// Entered for each suspension, left when that connection is resumed.
    private let suspensions = DispatchGroup()

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

    /// Counts a connection about to be suspended; false once stopping has begun, in which case the
    /// caller must not suspend it. Each true is matched by one `resumed()`.
    func suspending() -> Bool {
        state.withLock { state in
            guard !state.stopping else { return false }
            suspensions.enter()
            return true
        }
    }

    /// A connection counted by `suspending()` was resumed.
    func resumed() {
        suspensions.leave()
    }

    /// Refuses new participants and suspensions and shuts down every current participant.
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

    /// Blocks until every suspended connection has been resumed; call after `shutDownAll()`, which
    /// bounds the wait (a stream resumes at once, a handler within its grace).
    func waitUntilNoneSuspended() {
        suspensions.wait()
    }
}
