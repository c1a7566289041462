import HTTPServer
import Synchronization

/// The gateway's API tokens as last loaded, and the event streams open under them: a reload (SIGHUP)
/// that removes a token, or its `read` scope, ends every stream opened with it.
final class Tokens: Sendable {
    /// An open stream: the `Authorization` header it was opened with, and how to end it.
    private struct Watched: Sendable {
        let authorization: String?
        let scope: Scope
        let end: @Sendable () -> Void
    }

    private struct State: Sendable {
        var store: TokenStore
        var watched: [Int: Watched] = [:]
        var nextID = 0
    }

    private let state: Mutex<State>

    /// Tokens as first loaded.
    init(_ store: TokenStore) {
        state = Mutex(State(store: store))
    }

    /// The tokens now in force.
    var current: TokenStore { state.withLock { $0.store } }

    /// Keeps `end` until `unwatch`: called once if a reload takes away what `authorization` granted.
    func watch(authorization: String?, scope: Scope, end: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.watched[state.nextID] = Watched(authorization: authorization, scope: scope, end: end)
            return state.nextID
        }
    }

    /// Forgets a stream that ended.
    func unwatch(_ id: Int) {
        _ = state.withLock { $0.watched.removeValue(forKey: id) }
    }

    /// Puts `store` in force and ends every open stream whose token it no longer grants its scope;
    /// returns how many were ended.
    @discardableResult
    func replace(with store: TokenStore) -> Int {
        let ended = state.withLock { state in
            state.store = store
            let revoked = state.watched.filter { _, watched in
                (try? store.authorize(.scope(watched.scope), authorization: watched.authorization)) == nil
            }
            for id in revoked.keys { state.watched[id] = nil }
            return revoked.values.map(\.end)
        }
        // Outside the lock: ending a stream runs its termination, which unwatches.
        for end in ended { end() }
        return ended.count
    }
}
