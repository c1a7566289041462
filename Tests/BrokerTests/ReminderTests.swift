import Broker
import Foundation
import Presentation
import Testing
import Wire

/// `presentation.reminder` events while a question waits.
@Suite struct ReminderTests {
    static func reminders(_ effects: [BrokerEffect]) -> [Event] {
        BrokerHarness.events(effects).filter { $0.type == .presentationReminder }
    }

    @Test func aWaitingQuestionIsRemindedOfAtEachIntervalUntilItIsAnswered() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 1_000, reminderInterval: 60))
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let asked = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        let question = BrokerHarness.presented(asked, to: "w1")!
        #expect(Self.reminders(broker.advance(59)).isEmpty, "not before the interval")
        let first = Self.reminders(broker.advance(1.5))
        #expect(first.count == 1 && first.first?.presentation == question && first.first?.job?.id == job.id)
        #expect(Self.reminders(broker.advance(30)).isEmpty, "the next one waits a whole interval again")
        #expect(Self.reminders(broker.advance(31)).count == 1)
        _ = broker.client(.answer(.init(presentation: question.id, action: "cancel", by: "ana", channel: "cli")))
        #expect(Self.reminders(broker.advance(120)).isEmpty, "an answered question is not reminded of")
    }

    @Test func withoutAnIntervalNothingIsReminded() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        _ = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: BrokerHarness.removeDraft)))
        #expect(Self.reminders(broker.advance(100_000)).isEmpty)
    }
}
