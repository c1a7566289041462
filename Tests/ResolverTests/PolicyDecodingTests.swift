import Foundation
import Presentation
import Resolver
import Testing

/// A bad policy file is refused with a code and the JSON path of the mistake.
struct PolicyDecodingTests {
    static func decode(_ json: String) throws(PolicyError) -> AnswerPolicy {
        try AnswerPolicy(json: Data(json.utf8))
    }

    @Test("A good file decodes every field")
    func goodFile() throws {
        let policy = try Self.decode(
            """
            {"rules": [{"match": {"operation": "removeDownload", "kind": "confirmationDialog", "title": "Remove*",
                                  "role": "destructive"},
                        "answer": {"action": "cancel"}}],
             "default": {"role": "cancel"}}
            """)
        #expect(
            policy.rules == [
                PolicyRule(
                    match: PolicyMatch(operation: "removeDownload", kind: .confirmationDialog, title: Glob("Remove*"), role: .destructive),
                    answer: .action("cancel"))
            ])
        #expect(policy.fallback == .role(.cancel))
    }

    @Test(
        "Mistakes are reported with their path",
        arguments: [
            (#"{"rules": [{"match": {"kind": "sheet"}, "answer": {"role": "cancel"}}]}"#, PolicyError.Code.unknownKind, "$.rules[0].match.kind"),
            (#"{"rules": [{"match": {}, "answer": {"role": "ok"}}]}"#, .unknownRole, "$.rules[0].answer.role"),
            (#"{"rules": [{"match": {"role": "primary"}, "answer": {"role": "cancel"}}]}"#, .unknownRole, "$.rules[0].match.role"),
            (#"{"rules": []}"#, .emptyRules, "$.rules"),
            (#"{"default": {"role": "cancel"}}"#, .missingField, "$.rules"),
            (#"{"rules": [{"match": {}, "answer": {"role": "cancel"}}, {"match": {}}]}"#, .missingField, "$.rules[1].answer"),
            (#"{"rules": [{"match": {}, "answer": null}]}"#, .missingField, "$.rules[0].answer"),
            (#"{"rules": [{"answer": {"role": "cancel"}}]}"#, .missingField, "$.rules[0].match"),
            (#"{"rules": [{"match": {}, "answer": {}}]}"#, .invalidAnswer, "$.rules[0].answer"),
            (#"{"rules": [{"match": {}, "answer": {"action": "x", "role": "cancel"}}]}"#, .invalidAnswer, "$.rules[0].answer"),
            (#"{"rules": [{"match": {"operaton": "x"}, "answer": {"role": "cancel"}}]}"#, .unknownField, "$.rules[0].match.operaton"),
            (#"{"rules": [{"match": {}, "answer": {"role": "cancel"}}], "defaults": null}"#, .unknownField, "$.defaults"),
            (#"{"rules": [{"match": {"title": 3}, "answer": {"role": "cancel"}}]}"#, .wrongType, "$.rules[0].match.title"),
            (#"{"rules": {}}"#, .wrongType, "$.rules"),
            (#"{"rules": [ "#, .invalidJSON, "$"),
        ] as [(String, PolicyError.Code, String)])
    func mistakes(_ json: String, _ code: PolicyError.Code, _ path: String) {
        #expect {
            try Self.decode(json)
        } throws: { error in
            guard let error = error as? PolicyError else { return false }
            return error.code == code && error.path == path && error.description.contains(path)
        }
    }

    @Test("An unknown kind names the accepted values")
    func unknownKindMessage() {
        #expect(
            throws: PolicyError(
                .unknownKind, path: "$.rules[0].match.kind", #"unknown kind "sheet"; expected alert or confirmationDialog"#
            )
        ) {
            try Self.decode(#"{"rules": [{"match": {"kind": "sheet"}, "answer": {"role": "cancel"}}]}"#)
        }
    }

    @Test("A missing file is an unreadable-file error")
    func missingFile() {
        #expect {
            try AnswerPolicy(contentsOf: URL(fileURLWithPath: "/nonexistent/policy.json"))
        } throws: { ($0 as? PolicyError)?.code == .unreadableFile }
    }
}
