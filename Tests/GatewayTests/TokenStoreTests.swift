import Foundation
import Gateway
import HTTPServer
import Testing

@Suite struct TokenStoreTests {
    static let store = try! TokenStore(
        APIToken.parse(inline: "ci:tok-ci-0123456789:submit+read, ana:tok-ana-0123456789:answer"))

    @Test func anEmptyStoreLetsEveryoneInAsAnonymous() throws {
        let open = try TokenStore([])
        #expect(open.isEmpty)
        #expect(try open.authorize(.scope(.answer), authorization: nil) == .anonymous)
    }

    @Test func theRightTokenWithTheScopeIsTheCallerNamedByIt() throws {
        #expect(try Self.store.authorize(.scope(.submit), authorization: "Bearer tok-ci-0123456789").name == "ci")
        #expect(try Self.store.authorize(.scope(.answer), authorization: "bearer tok-ana-0123456789").name == "ana")
    }

    @Test(
        arguments: [
            (nil, "unauthorized"), ("Bearer nope", "invalidToken"), ("Basic dG9rLWNp", "invalidToken"),
            ("Bearer tok-ci-012345678", "invalidToken"), ("Bearer ", "invalidToken"),
        ] as [(String?, String)])
    func aMissingOrUnknownTokenIs401WithAChallenge(_ header: String?, _ code: String) {
        do {
            _ = try Self.store.authorize(.scope(.read), authorization: header)
            Issue.record("expected a refusal for \(String(describing: header))")
        } catch {
            #expect(error.status == 401)
            #expect(error.code == code)
            #expect(error.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
        }
    }

    @Test func aValidTokenWithoutTheScopeIs403() {
        do {
            _ = try Self.store.authorize(.scope(.answer), authorization: "Bearer tok-ci-0123456789")
            Issue.record("ci has no answer scope")
        } catch {
            #expect(error.status == 403)
            #expect(error.code == "forbidden")
            #expect(error.message.contains("ci") && error.message.contains("answer"))
        }
    }

    @Test func openAndSignedRoutesNeedNoToken() throws {
        #expect(try Self.store.authorize(.open, authorization: nil) == .anonymous)
        #expect(try Self.store.authorize(.signature, authorization: nil) == .anonymous)
    }

    @Test(arguments: ["ci", "ci:tok", "ci:tok:", "ci:tok:write", ":tok:read", "c i:tok:read", "ci:t k:read"])
    func malformedInlineTokensAreRefusedWithoutShowingTheValue(_ text: String) {
        #expect(throws: GatewayError.self) { try APIToken.parse(inline: text) }
    }

    @Test func aRepeatedNameIsRefused() throws {
        let tokens = try APIToken.parse(inline: "ci:one:read,ci:two:read")
        #expect(throws: GatewayError.self) { try TokenStore(tokens) }
    }

    @Test func theTokensFileIsReadAndAMissingOneGivesNone() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try APIToken.load(file: file.path).isEmpty)
        try Data(#"[{"name": "bot", "token": "secret-bot-value", "scopes": ["read", "answer"]}]"#.utf8).write(to: file)
        let tokens = try APIToken.load(file: file.path)
        #expect(tokens.map(\.name) == ["bot"])
        #expect(tokens.first?.scopes == [.read, .answer])
        #expect(!"\(tokens)".contains("secret-bot-value"), "a token never shows in a description")
        try Data("not json secret-bot-value".utf8).write(to: file)
        do {
            _ = try APIToken.load(file: file.path)
            Issue.record("a malformed file must be refused")
        } catch {
            #expect(error.code == .invalidTokens)
            #expect(!error.description.contains("secret-bot-value"))
        }
    }
}
