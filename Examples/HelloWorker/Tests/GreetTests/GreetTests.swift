import Foundation
import Greet
import Testing
import WorkerKit
import WorkerKitTesting

/// The operation in memory, without a broker: its question, its answers, its schema and its texts.
@Suite struct GreetTests {
    let harness = OperationHarness(Greet())

    @Test func greetingAfterGreetSaysHello() async throws {
        let run = await harness.run(.init(name: "Ada")) { _ in .choose(Greet.Choice.greet) }
        #expect(run.output == .init(greeting: "Hello, Ada"))
        let question = try #require(run.presentations.first)
        #expect(question.kind == .confirmationDialog)
        #expect(question.title == "Greet Ada?")
        #expect(question.actions.map(\.id) == ["greet", "cancel"])
        #expect(question.actions.map(\.role) == [nil, .cancel])
        #expect(question.localization == Localization("greet.confirm", ["Ada"]))
        #expect(question.expiresAt == question.createdAt.addingTimeInterval(Greet.answerWithin))
    }

    @Test(arguments: [ScriptedResponse.choose(Greet.Choice.cancel), .dismiss, .expire])
    func cancellingGivesANullGreeting(_ response: ScriptedResponse) async throws {
        let run = await harness.run(.init(name: "Ada")) { _ in response }
        #expect(run.output == .init(greeting: nil))
        #expect(try JSONValue(encoding: #require(run.output)) == .object(["greeting": .null]))
    }

    @Test func aReplayTakesTheRecordedAnswerAndAsksNothing() async throws {
        let first = await harness.run(.init(name: "Ada")) { _ in .choose(Greet.Choice.greet) }
        let replay = await OperationHarness(Greet(), history: first.history).run(.init(name: "Ada")) { _ in .dismiss }
        #expect(replay.output == .init(greeting: "Hello, Ada"))
        #expect(replay.presentations.isEmpty)
    }

    @Test func theSchemaRefusesWhatTheWorkerWouldRefuseListingEveryProblem() throws {
        let schema = Greet.inputSchema
        #expect(schema.violations(of: .object(["name": .string("Ada")])).isEmpty)
        #expect(schema.violations(of: .object([:])).map(\.description) == ["$.name: is required"])
        let tooLong = JSONValue.object(["name": .string(String(repeating: "a", count: 101)), "nmae": .string("x")])
        #expect(
            schema.violations(of: tooLong).map(\.description) == [
                "$.name: must have at most 100 characters, has 101", "$.nmae: is not allowed (not one of the properties)",
            ])
        #expect(throws: DecodingError.self) { try JSONValue.object(["name": .string("")]).decode(as: Greet.Input.self) }
    }

    @Test func theTextsHaveEnglishAndSpanishWithTheSamePlaceholders() throws {
        let english = try #require(Greet.catalog.tables["en"])
        let spanish = try #require(Greet.catalog.tables["es"])
        #expect(Set(english.keys) == Set(spanish.keys))
        for (key, template) in english {
            #expect(Catalog.placeholders(in: template) == spanish[key].map(Catalog.placeholders), "\(key)")
        }
        #expect(Greet.catalog.localize(Localization("greet.confirm", ["Ada"]), part: "title", fallback: "", locale: "es") == "¿Saludar a Ada?")
        // What the broker checks at announcement: every key is used, every button translated.
        #expect(Greet.catalogUse?.problems(of: Greet.catalog) == [])
    }
}
