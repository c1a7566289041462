import Synchronization
import Testing

@testable import Gateway

/// `Tokens.replace`: what a reload of the API tokens ends.
@Suite struct TokenReloadTests {
    static func token(_ name: String, _ scopes: Set<Scope>) throws -> APIToken {
        try APIToken(name: name, token: "tok-\(name)-0123456789abcdef", scopes: scopes)
    }

    @Test func aReloadEndsTheStreamsOfRemovedTokensAndOfTokensThatLostTheScopeAndNoOthers() throws {
        let tokens = Tokens(try TokenStore([try Self.token("kept", [.read]), try Self.token("gone", [.read]), try Self.token("narrowed", [.read, .submit])]))
        let ended = Mutex<[String]>([])
        for name in ["kept", "gone", "narrowed"] {
            _ = tokens.watch(authorization: "Bearer tok-\(name)-0123456789abcdef", scope: .read) { ended.withLock { $0.append(name) } }
        }
        let left = tokens.watch(authorization: "Bearer tok-gone-0123456789abcdef", scope: .read) { ended.withLock { $0.append("left") } }
        tokens.unwatch(left)

        let count = tokens.replace(with: try TokenStore([try Self.token("kept", [.read]), try Self.token("narrowed", [.submit])]))
        #expect(count == 2)
        #expect(ended.withLock { $0.sorted() } == ["gone", "narrowed"], "a stream that already ended is not ended again")
        #expect(tokens.replace(with: tokens.current) == 0, "each stream is ended once")
        #expect(throws: APIError.self) { try tokens.current.authorize(.scope(.read), authorization: "Bearer tok-gone-0123456789abcdef") }
    }
}
