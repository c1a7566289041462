import Foundation
import JSON
import Presentation
import Testing

@Suite struct JSONTests {
    func object(_ data: Data) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aPresentationEncodesWithThePublicFieldNames() throws {
        let dialog = try present(
            .confirmationDialog(
                "Remove download", titleVisibility: .visible, message: "Gone offline.",
                actions: [Action(id: "remove", label: "Remove", role: .destructive)]))
        let json = try object(JSONCoding.encoder.encode(dialog))
        for key in ["id", "job", "sequence", "kind", "title", "titleVisibility", "message", "actions", "item", "error", "createdAt", "expiresAt"] {
            #expect(json.keys.contains(key), "missing \(key)")
        }
        #expect(json["kind"] as? String == "confirmationDialog")
        #expect(json["createdAt"] as? String == "2027-01-15T08:00:00.000Z")
        let actions = try #require(json["actions"] as? [[String: Any]])
        #expect(actions[0]["role"] as? String == "destructive")
        #expect(actions[1]["role"] as? String == "cancel")
    }

    @Test func aPresentationSurvivesARoundTrip() throws {
        var draft = ExportError.destinationUnavailable.draft
        draft.item = .object(["bytes": .integer(1_024), "ratio": .number(0.5), "tags": .array([.string("a"), .null, .bool(true)])])
        draft.expiresAfter = 90
        let original = try present(draft)
        let decoded = try JSONCoding.decoder.decode(Presentation.self, from: JSONCoding.encoder.encode(original))
        #expect(decoded == original)
    }

    @Test func decodingAppliesTheRulesToo() throws {
        let json = """
            {"id":"p","job":"j","sequence":1,"kind":"confirmationDialog","title":"T","titleVisibility":"visible",
             "actions":[{"id":"go","label":"Go","role":"destructive"}],"createdAt":"2026-11-29T10:00:00Z"}
            """
        #expect(throws: DecodingError.self) { try JSONCoding.decoder.decode(Presentation.self, from: Data(json.utf8)) }
    }

    @Test(arguments: [
        "", "[]", "{", "{\"id\":1}", "null",
        #"{"id":"p","job":"j","sequence":1,"kind":"sheet","title":"T","actions":[],"createdAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"p","job":"j","sequence":1,"kind":"alert","title":"T","actions":[{"id":"a","label":"A","role":"red"}],"createdAt":"2026-11-29T10:00:00Z"}"#,
        #"{"id":"p","job":"j","sequence":1,"kind":"alert","title":"T","actions":[{"id":"a","label":"A"}],"createdAt":"yesterday"}"#,
    ])
    func malformedInputDecodesToAnErrorNotACrash(json: String) {
        #expect(throws: (any Error).self) { try JSONCoding.decoder.decode(Presentation.self, from: Data(json.utf8)) }
    }

    @Test func unknownOptionalFieldsAreIgnored() throws {
        let json = """
            {"id":"p","job":"j","sequence":1,"kind":"alert","title":"T","actions":[{"id":"ok","label":"OK","role":"cancel","hint":"x"}],
             "createdAt":"2026-11-29T10:00:00.250Z","futureField":{"a":1}}
            """
        let decoded = try JSONCoding.decoder.decode(Presentation.self, from: Data(json.utf8))
        #expect(decoded.titleVisibility == .automatic)
        #expect(decoded.message == nil)
    }

    @Test func anAbsentRoleAndANullRoleMeanTheSame() throws {
        let absent = try JSONCoding.decoder.decode(Action.self, from: Data(#"{"id":"a","label":"A"}"#.utf8))
        let null = try JSONCoding.decoder.decode(Action.self, from: Data(#"{"id":"a","label":"A","role":null}"#.utf8))
        #expect(absent == null)
        #expect(absent.role == nil)
    }

    @Test func resolutionsRoundTrip() throws {
        let resolution = Resolution(
            presentation: "p", job: "j", cause: .expired, action: "cancel", by: nil, channel: nil,
            at: Date(timeIntervalSince1970: 1_800_000_000.5))
        let decoded = try JSONCoding.decoder.decode(Resolution.self, from: JSONCoding.encoder.encode(resolution))
        #expect(decoded == resolution)
    }
}
