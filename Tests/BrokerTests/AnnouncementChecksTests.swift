import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

/// The broker checks each announcement as a worker sends it and refuses one it cannot stand behind,
/// naming the exact problem in the welcome's `refused`, while the worker's other operations are taken.
@Suite struct AnnouncementChecksTests {
    /// An announcement read from the JSON a worker sends, as the broker reads it.
    static func announcement(_ json: String) throws -> OperationAnnouncement {
        try JSONDecoder().decode(OperationAnnouncement.self, from: Data(json.utf8))
    }

    static let refused: [(json: String, problem: String)] = [
        (
            #"{"name": "odd", "summary": "\#(String(repeating: "s", count: 201))", "input": null, "catalog": {}}"#,
            "the announcement of odd was refused: its summary has 201 characters; at most 200"
        ),
        (
            #"{"name": "odd", "summary": "Odd", "input": {"type": "strin"}, "catalog": {}}"#,
            #"its input schema cannot be evaluated: $.type: "strin" is not a JSON type"#
        ),
        (
            #"{"name": "odd", "summary": "Odd", "input": {"properties": {"n": {"anyOf": [{"type": "string"}]}}}, "catalog": {}}"#,
            "its input schema cannot be evaluated: $.properties.n: uses anyOf, which the broker does not evaluate"
        ),
        (
            #"{"name": "odd", "summary": "Odd", "input": {"type": "string", "minLength": -1}, "catalog": {}}"#,
            "its input schema cannot be evaluated: $.minLength: must be a whole number, 0 or more"
        ),
        (
            #"{"name": "odd", "summary": "Odd", "input": {"minLength": 5, "maxLength": 3}, "catalog": {}}"#,
            "its input schema cannot be evaluated: $: minLength 5 is more than maxLength 3, so no input is valid"
        ),
        (
            #"{"name": "odd", "summary": "Odd", "input": "string", "catalog": {}}"#,
            "its input schema cannot be evaluated: $: a schema is an object or a boolean, not a string"
        ),
        (
            #"{"name": "odd", "summary": "Odd", "catalog": {"en": {"odd.ask.title": "Ask?", "odd.stray": "Stray"}}, "uses": {"questions": ["odd.ask"], "actions": []}}"#,
            #"the catalog key "odd.stray" is used by no question or action"#
        ),
        (
            #"{"name": "odd", "summary": "Odd", "catalog": {"en": {"odd.ask.title": "Ask?", "action.go": "Go"}, "es": {"odd.ask.title": "¿Preguntar?"}}, "uses": {"questions": ["odd.ask"], "actions": ["action.go", "action.cancel"]}}"#,
            #"the action key "action.go" is missing from the catalog's "es" texts"#
        ),
    ]

    @Test("An announcement the broker cannot stand behind is refused naming its problem", arguments: refused)
    func theProblemIsNamed(_ json: String, _ problem: String) throws {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3))
        let greet = OperationAnnouncement(name: "greet", summary: "Greet", input: nil)
        let effects = broker.announce("w1", [try Self.announcement(json), greet])
        guard case .welcome(let welcome)? = BrokerHarness.commands(effects, to: "w1").first else {
            Issue.record("no welcome: \(effects)")
            return
        }
        #expect(welcome.operations == ["greet"], "the worker's other operation is taken")
        #expect(welcome.refused?.first?.code == .invalidAnnouncement)
        #expect(welcome.refused?.first?.message.contains(problem) == true, "\(String(describing: welcome.refused))")
        #expect(OperationRegistryTests.error(broker.submit("odd", input: .object([:])))?.code == .unknownOperation)
    }

    static let accepted: [String] = [
        #"{"name": "odd", "summary": "Odd", "input": {"type": ["object", "null"], "properties": {"n": {"type": "string", "pattern": "^a", "format": "email"}}, "required": ["n"], "additionalProperties": false}, "catalog": {}}"#,
        #"{"name": "odd", "summary": "Odd", "input": true, "catalog": {"en": {"odd.ask.title": "Ask?", "odd.ask.message": "Sure?", "odd.field": "Name", "odd.field.placeholder": "Ada", "action.go": "Go"}}, "uses": {"questions": ["odd.ask", "odd.field"], "actions": ["action.go", "action.cancel"]}}"#,
        #"{"name": "odd", "summary": "Odd", "catalog": {"en": {"odd.anything": "Kept"}}}"#,
    ]

    @Test(
        "A schema of the enforced subset (other assertions ignored) and a catalog its questions and fields use (placeholders too) are taken",
        arguments: accepted)
    func aSoundAnnouncementIsTaken(_ json: String) throws {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3))
        let effects = broker.announce("w1", [try Self.announcement(json)])
        #expect(
            BrokerHarness.commands(effects, to: "w1") == [
                .welcome(.init(operations: ["odd"], batches: true, maxMessageBytes: MessageLimits.standard.maxMessageBytes))
            ])
    }
}
