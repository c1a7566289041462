import Gateway
import Testing

/// Tokens may name the groups their holder belongs to, for questions meant for a group.
struct TokenGroupsTests {
    @Test func anInlineTokensFourthPartListsItsGroups() throws {
        let tokens = try APIToken.parse(inline: "ana:secret-a:answer+read:ops+dev,ci:secret-c:submit")
        #expect(tokens.map(\.groups) == [["ops", "dev"], []])
        let store = try TokenStore(tokens)
        let caller = try store.authorize(.scope(.answer), authorization: "Bearer secret-a")
        #expect(caller.name == "ana" && caller.groups == ["ops", "dev"])
    }

    @Test func aBadGroupOrAFifthPartIsRefusedWithoutTheSecret() {
        for inline in ["ana:secret-a:answer:o ps", "ana:secret-a:answer:ops:more"] {
            #expect(throws: GatewayError.self) { try APIToken.parse(inline: inline) }
            do { _ = try APIToken.parse(inline: inline) } catch { #expect(!"\(error)".contains("secret-a")) }
        }
    }
}
