extension OperationScaffold {
    static let tests = #"""
        import Foundation
        import Testing
        import WorkerKit
        import WorkerKitTesting
        import __TYPE__

        /// The operation in memory, without a broker: its question, its text field, its answers, its schema and its texts.
        @Suite struct __TYPE__Tests {
            let harness = OperationHarness(__TYPE__())

            @Test func proceedingWithANoteActsOnceAndReturnsTheNote() async throws {
                let run = await harness.run(.init(item: "old.log")) { _ in
                    .answerWith(__TYPE__.Choice.proceed.id, values: ["note": "disk is full"])
                }
                #expect(run.output == .init(done: true, note: "disk is full"))
                #expect(run.steps.map(\.name) == ["act"])
                let question = try #require(run.presentations.first)
                #expect(question.kind == .confirmationDialog)
                #expect(question.title == "Proceed with old.log?")
                #expect(question.actions.map(\.id) == ["proceed", "cancel"])
                #expect(question.actions.map(\.role) == [.destructive, .cancel])
                #expect(question.fields.map(\.id) == ["note"])
                #expect(question.localization == Localization("__NAME__.confirm", ["old.log"]))
            }

            @Test func proceedingWithoutTheRequiredNoteIsRefusedAndNothingIsDone() async throws {
                let run = await harness.run(.init(item: "old.log")) { _ in .choose(__TYPE__.Choice.proceed) }
                #expect(run.output == nil)
                #expect(String(describing: try #require(run.error)).contains("note: is required"))
                #expect(run.steps.isEmpty)
            }

            @Test(arguments: [ScriptedResponse.choose(__TYPE__.Choice.cancel), .dismiss, .expire])
            func cancellingDoesNothing(_ response: ScriptedResponse) async throws {
                let run = await harness.run(.init(item: "old.log")) { _ in response }
                #expect(run.output == .init(done: false, note: nil))
                #expect(run.steps.isEmpty)
            }

            @Test func aReplayTakesTheRecordedAnswerAndStepAndAsksNothing() async throws {
                let first = await harness.run(.init(item: "old.log")) { _ in
                    .answerWith(__TYPE__.Choice.proceed.id, values: ["note": "disk is full"])
                }
                let replay = await OperationHarness(__TYPE__(), history: first.history).run(.init(item: "old.log"))
                #expect(replay.output == .init(done: true, note: "disk is full"))
                #expect(replay.presentations.isEmpty && replay.steps.isEmpty)
            }

            @Test func theSchemaRefusesAMissingOrEmptyItem() throws {
                let schema = __TYPE__.inputSchema
                #expect(schema.violations(of: .object(["item": .string("old.log")])).isEmpty)
                #expect(schema.violations(of: .object([:])).map(\.description) == ["$.item: is required"])
                #expect(schema.violations(of: .object(["item": .string("")])).map(\.description) == ["$.item: must have at least 1 character, has 0"])
            }

            @Test func theTextsHaveEnglishAndSpanishWithTheSamePlaceholders() throws {
                let english = try #require(__TYPE__.catalog.tables["en"])
                let spanish = try #require(__TYPE__.catalog.tables["es"])
                #expect(Set(english.keys) == Set(spanish.keys))
                for (key, template) in english {
                    #expect(key.hasPrefix("__NAME__."), "every key starts with the operation's name")
                    #expect(Catalog.placeholders(in: template) == spanish[key].map(Catalog.placeholders), "\(key)")
                }
                let title = __TYPE__.catalog.localize(Localization("__NAME__.confirm", ["old.log"]), part: "title", fallback: "", locale: "es")
                #expect(title == "¿Continuar con old.log?")
            }

            @Test func theCatalogHasNoKeyItsQuestionsDoNotUseAndEveryButtonsText() {
                // What the broker checks when the worker announces the operation.
                #expect(__TYPE__.catalogUse?.problems(of: __TYPE__.catalog) == [])
            }
        }

        """#
}
