import Foundation
import Presentation
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct PresentTests {
    @Test(
        arguments: [
            (ScriptedResponse.answer("delete"), "delete", Resolution.Cause.answered),
            (.answer("keep"), "keep", .answered),
            (.dismiss, "keep", .dismissed),
            (.expire, "keep", .expired),
            (.withdraw, nil, .withdrawn),
        ] as [(ScriptedResponse, String?, Resolution.Cause)])
    func presentReturnsTheActionAsItsTypeAndDismissalGoesToCancel(
        response: ScriptedResponse, expected: String?, cause: Resolution.Cause
    ) async throws {
        let run = await OperationHarness(askDelete).run(.init()) { _ in response }
        #expect(try run.result.get() == expected)
        #expect(run.presentations.count == 1)
        #expect(run.resolutions.map(\.cause) == [cause])
    }

    @Test func theResponderSeesARealPresentationBuiltFromTheDraft() async throws {
        let run = await OperationHarness(askDelete).run(.init()) { _ in .answer("delete") }
        let shown = try #require(run.presentations.first)
        #expect(shown.kind == .confirmationDialog)
        #expect(shown.titleVisibility == .visible)
        #expect(shown.title == "Delete file")
        #expect(shown.sequence == 1)
        #expect(shown.job == "job-1")
        #expect(shown.cancelAction?.id == "keep")
    }

    @Test func aDialogWithoutCancelGetsOneAndChoosingItReturnsNoChoice() async throws {
        let operation = Scripted<String?> { job in
            try await job.present(Question<Choice>.confirmationDialog("Delete file", actions: [.delete]))?.rawValue
        }
        let run = await OperationHarness(operation).run(.init()) { _ in .dismiss }
        #expect(try run.result.get() == nil)
        #expect(run.presentations.first?.actions.map(\.id) == ["delete", "cancel"])
        #expect(run.resolutions.first?.action == "cancel")
    }

    @Test func anAlertWithoutActionsGetsOKAndAnsweringItReturnsNoChoice() async throws {
        let operation = Scripted<String?> { job in
            try await job.present(Question<Choice>.alert("Backup finished", actions: []))?.rawValue
        }
        let run = await OperationHarness(operation).run(.init()) { _ in .answer("ok") }
        #expect(try run.result.get() == nil)
        #expect(run.presentations.first?.actions.map(\.id) == ["ok"])
    }

    @Test func actionsWithValuesCarryThemInTheirLabelsAndComeBackWithThem() async throws {
        enum Day: PresentationAction {
            case move(to: Int)
            case keep(Int)
            var id: String {
                switch self {
                case .move: "move"
                case .keep: "keep"
                }
            }
            var button: ButtonState {
                switch self {
                case .move(let day): ButtonState("Move to day \(day)", localization: Localization("action.moveToDay", [String(day)]))
                case .keep(let day): ButtonState("Keep day \(day)", role: .cancel)
                }
            }
        }
        let operation = Scripted<Int?> { job in
            switch try await job.present(Question<Day>.alert("Stop already planned", actions: [.move(to: 3), .keep(2)])) {
            case .move(let day): day
            case .keep(let day): -day
            case nil: nil
            }
        }
        let run = await OperationHarness(operation).run(.init()) { _ in .answer("move") }
        #expect(try run.result.get() == 3)
        let shown = try #require(run.presentations.first)
        #expect(shown.actions.map(\.label) == ["Move to day 3", "Keep day 2"])
        #expect(shown.actions.first?.localization == Localization("action.moveToDay", ["3"]))
        #expect(shown.cancelAction?.id == "keep")
        let dismissed = await OperationHarness(operation).run(.init()) { _ in .dismiss }
        #expect(try dismissed.result.get() == -2)
    }

    @Test(arguments: ["archive", "remove"])
    func aRecordedAnswerTheActionsDoNotKnowFailsTheJobInsteadOfCancelling(recorded action: String) async throws {
        let recorded = Resolution(
            presentation: "prs_old", job: "job-1", cause: .answered, action: action, by: "ana", channel: "web", at: Date())
        let history = History(answered: [History.Answered(sequence: 1, resolution: recorded)])
        let run = await OperationHarness(askDelete, history: history).run(.init()) { _ in .answer("keep") }
        let failure = try #require(run.jobError)
        #expect(failure.code == "unknownAnswer")
        #expect(failure.message.contains("\"\(action)\""))
        #expect(failure.message.contains("delete, keep"))
        #expect(failure.message.contains("prs_old"))
        #expect(run.presentations.isEmpty)
    }

    @Test func anAnswerInTheHistoryIsReturnedWithoutAsking() async throws {
        let recorded = Resolution(
            presentation: "earlier", job: "job-1", cause: .answered, action: "delete", by: "ana", channel: "web", at: Date())
        let history = History(answered: [History.Answered(sequence: 1, resolution: recorded)])
        let run = await OperationHarness(askDelete, history: history).run(.init()) { _ in .answer("keep") }
        #expect(try run.result.get() == "delete")
        #expect(run.presentations.isEmpty)
    }

    @Test func aQuestionAfterAnAnsweredOneIsAskedWithTheNextSequence() async throws {
        let operation = Scripted<[String]> { job in
            let first = try await job.present(deleteDialog)
            let second = try await job.present(deleteDialog)
            return [first, second].compactMap { $0?.rawValue }
        }
        let first = await OperationHarness(operation).run(.init()) { $0.sequence == 1 ? .answer("delete") : .dismiss }
        #expect(try first.result.get() == ["delete", "keep"])
        #expect(first.presentations.map(\.sequence) == [1, 2])

        var partial = first.history
        partial.answered.removeLast()
        let replay = await OperationHarness(operation, history: partial).run(.init()) { _ in .answer("delete") }
        #expect(try replay.result.get() == ["delete", "delete"])
        #expect(replay.presentations.map(\.sequence) == [2])
    }

    @Test func aDraftThatBreaksARuleMakesPresentThrow() async throws {
        enum Twice: String, PresentationAction {
            case one, two
            var id: String { "same" }
            var button: ButtonState { ButtonState(rawValue) }
        }
        let operation = Scripted<String?> { job in
            try await job.present(Question<Twice>.alert("Twice", actions: [.one, .two]))?.rawValue
        }
        let run = await OperationHarness(operation).run(.init()) { _ in .answer("same") }
        let refused = try #require(run.error as? PresentationRefused)
        #expect(refused.error.code == .invalidPresentation)
        #expect(refused.error.message.contains("duplicateActionID"))
        #expect(run.presentations.isEmpty)
    }

    @Test func anErrorAlertTakesItsTitleAndMessageFromTheError() async throws {
        struct Unreachable: PresentableError {
            var code: String { "destinationUnavailable" }
            var errorDescription: String { "Can't reach the destination" }
            var recoverySuggestion: String? { "Check that the drive is still connected." }
            var localization: Localization? { Localization("exportProject.destinationUnavailable") }
        }
        let operation = Scripted<String?> { job in
            try await job.present(Question<Choice>.alert(error: Unreachable(), actions: [.delete]))?.rawValue
        }
        let run = await OperationHarness(operation).run(.init()) { _ in .answer("delete") }
        let shown = try #require(run.presentations.first)
        #expect(shown.kind == .alert)
        #expect(shown.title == "Can't reach the destination")
        #expect(shown.message == "Check that the drive is still connected.")
        #expect(shown.error?.code == "destinationUnavailable")
        #expect(shown.localization == Localization("exportProject.destinationUnavailable"))
    }

    @Test func answeringAnActionTheQuestionDoesNotOfferFailsTheRun() async throws {
        let run = await OperationHarness(askDelete).run(.init()) { _ in .answer("archive") }
        let refusal = try #require(run.error as? WireError)
        #expect(refusal.code == .unknownAction)
    }
}
