import Foundation
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

/// An operation states in the question's type what its expiry chooses, and the harness plays it out.
@Suite struct OnExpiryHarnessTests {
    enum Choice: String, PresentationAction {
        case deploy, cancel
        var button: ButtonState { self == .cancel ? .cancel : ButtonState("Deploy", approvals: 2) }
    }

    struct Deploy: JobOperation {
        static let name = "deploy"
        static let summary = "Deploy unless someone cancels in time"
        let onExpiry: Choice?
        func run(_ input: Int, in job: JobContext) async throws -> String? {
            let question = Question<Choice>.confirmationDialog("Deploy?", actions: [.deploy, .cancel], expiresAfter: 600).meant(for: .group("ops"))
            return try await job.present(onExpiry.map { question.onExpiry($0) } ?? question)?.rawValue
        }
    }

    @Test(arguments: [(Choice?.some(.deploy), Choice?.some(.deploy)), (nil, .cancel)])
    func anExpiryGivesTheOperationTheAuthorsChoiceElseTheCancelAction(onExpiry: Choice?, expected: Choice?) async throws {
        let run = await OperationHarness(Deploy(onExpiry: onExpiry)).run(1) { _ in .expire }
        #expect(try run.result.get() == expected?.rawValue)
        #expect(run.presentations.first?.onExpiry == onExpiry?.rawValue)
        #expect(run.resolutions.map(\.cause) == [.expired] && run.resolutions.first?.action == expected?.rawValue)
    }
}
