import Broker
import Foundation
import Presentation
import Testing
import Wire

/// A worker whose `ready` says it takes `asked` gets a question's id alone for its `present`; an older one
/// still gets the whole presentation, and both questions are journaled and published the same.
@Suite struct AskedAcknowledgementTests {
    func ask(asked: Bool?) -> (BrokerHarness, Job, [BrokerEffect]) {
        var broker = BrokerHarness()
        _ = broker.worker("w1", .ready(.init(name: "w1", operations: [.init(name: "removeDownload", summary: "", input: nil)], capacity: 1, asked: asked)))
        let (job, _) = broker.submit()
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)), correlation: "w9")
        return (broker, job, effects)
    }

    @Test func aWorkerThatTakesAskedGetsTheQuestionsIdAlone() throws {
        let (_, job, effects) = ask(asked: true)
        let added = try #require(BrokerHarness.changes(effects).compactMap { if case .addPresentation(let p) = $0 { p } else { nil } }.first)
        #expect(added.job == job.id)
        #expect(BrokerHarness.commands(effects, to: "w1") == [.asked(.init(id: added.id))])
        #expect(effects.contains { if case .send(_, "w9", .asked) = $0 { true } else { false } }, "the reply echoes the present's correlation")
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationPending])
    }

    @Test(arguments: [nil, false] as [Bool?])
    func anOlderWorkerStillGetsTheWholePresentation(asked: Bool?) throws {
        let (_, _, effects) = ask(asked: asked)
        let added = try #require(BrokerHarness.changes(effects).compactMap { if case .addPresentation(let p) = $0 { p } else { nil } }.first)
        #expect(BrokerHarness.presented(effects, to: "w1") == added)
        #expect(BrokerHarness.events(effects).map(\.type) == [.presentationPending])
    }
}
