import Foundation
import Gateway
import Testing

/// Signing and verifying answer links, without sockets.
@Suite struct AnswerLinkTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let old = LinkKeys.Key(created: now.addingTimeInterval(-30 * 86_400), bytes: Array(repeating: 7, count: 32))
    static let new = LinkKeys.Key(created: now.addingTimeInterval(-3_600), bytes: Array(repeating: 9, count: 32))
    static let link = AnswerLink(presentation: "p-1", person: "ana", expiresAt: now.addingTimeInterval(600))

    @Test func aLinkSignedWithTheNewestKeyVerifiesAndSaysWhatItWasMadeFor() throws {
        let keys = LinkKeys(keys: [Self.old, Self.new], grace: 86_400)
        #expect(try AnswerLink.verified(Self.link.signed(with: keys), keys: keys, at: Self.now) == Self.link)
    }

    @Test func aLinkPastItsExpiryIsRefusedAsExpired() {
        let keys = LinkKeys(keys: [Self.new], grace: 0)
        let text = Self.link.signed(with: keys)
        #expect(throws: LinkRefusal(.expired, at: Self.link.expiresAt)) { try AnswerLink.verified(text, keys: keys, at: Self.link.expiresAt) }
    }

    @Test(arguments: [
        "", ".", "abc", "abc.def", "a.b.c",
    ])
    func malformedTextIsRefusedAsInvalid(_ text: String) {
        let keys = LinkKeys(keys: [Self.new], grace: 0)
        #expect(throws: LinkRefusal(.invalid)) { try AnswerLink.verified(text, keys: keys, at: Self.now) }
    }

    @Test func changingAnyCharacterOfALinkMakesItInvalid() {
        let keys = LinkKeys(keys: [Self.new], grace: 0)
        let text = Array(Self.link.signed(with: keys))
        for index in text.indices where text[index] != "." {
            var changed = text
            changed[index] = text[index] == "A" ? "B" : "A"
            #expect(throws: LinkRefusal(.invalid)) { try AnswerLink.verified(String(changed), keys: keys, at: Self.now) }
        }
    }

    @Test func aLinkForAnotherPersonCannotBeMadeByEditingTheSignedOne() {
        let keys = LinkKeys(keys: [Self.new], grace: 0)
        let tag = Self.link.signed(with: keys).split(separator: ".")[1]
        let forged = AnswerLink(presentation: "p-1", person: "bob", expiresAt: Self.link.expiresAt).signed(with: LinkKeys(keys: [Self.old], grace: 0))
        let text = forged.split(separator: ".")[0] + "." + tag
        #expect(throws: LinkRefusal(.invalid)) { try AnswerLink.verified(String(text), keys: keys, at: Self.now) }
    }

    @Test func aReplacedKeyStillVerifiesDuringTheGraceAndNotAfter() throws {
        let before = LinkKeys(keys: [Self.old], grace: 7_200)
        let text = Self.link.signed(with: before)
        let rotated = LinkKeys(keys: [Self.old, Self.new], grace: 7_200)
        #expect(try AnswerLink.verified(text, keys: rotated, at: Self.now) == Self.link)
        let later = Self.new.created.addingTimeInterval(7_200)
        let lasting = AnswerLink(presentation: "p-1", person: "ana", expiresAt: later.addingTimeInterval(600))
        #expect(throws: LinkRefusal(.invalid)) { try AnswerLink.verified(lasting.signed(with: before), keys: rotated, at: later) }
        #expect(try AnswerLink.verified(lasting.signed(with: rotated), keys: rotated, at: later) == lasting)
    }

    @Test func aKeyFileIsReadNewestLastAndAMalformedLineIsNamed() throws {
        let text = "# keys\n" + LinkKeys.newLine(at: Self.now) + LinkKeys.newLine(at: Self.now.addingTimeInterval(-60))
        let keys = try LinkKeys(text: text, grace: 60)
        #expect(keys.keys.map(\.created) == [Self.now.addingTimeInterval(-60), Self.now])
        #expect(throws: LinkKeyError("line 2 is not \"<created seconds> <32-byte base64 key>\"")) { try LinkKeys(text: "# keys\n12 AAAA\n", grace: 0) }
        #expect(throws: LinkKeyError("it holds no key")) { try LinkKeys(text: "# none\n", grace: 0) }
    }
}
