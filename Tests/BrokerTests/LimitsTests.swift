import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct PendingPagingTests {
    /// `count` waiting jobs, each asked a question whose message takes about `messageBytes`.
    static func waiting(_ count: Int, messageBytes: Int = 10, settings: BrokerState.Settings = .init()) -> BrokerHarness {
        var broker = BrokerHarness(settings: settings)
        _ = broker.ready("w1", capacity: count)
        for _ in 0..<count {
            let (job, _) = broker.submit()
            let draft = Presentation.Draft.confirmationDialog(
                "Remove download", message: String(repeating: "m", count: messageBytes),
                actions: [Action(id: "remove", label: "Remove", role: .destructive)])
            _ = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
            broker.now = broker.now.addingTimeInterval(0.001)
        }
        return broker
    }

    static func page(_ broker: inout BrokerHarness, limit: Int? = nil, after: String? = nil) -> BrokerReply.PendingSnapshot? {
        let replies = BrokerHarness.replies(broker.client(.pending(.init(limit: limit, after: after))))
        guard case .pending(let page) = replies.first else { return nil }
        return page
    }

    @Test func followingTheCursorListsEveryPendingQuestionOnceOldestFirst() throws {
        var broker = Self.waiting(7)
        var seen: [String] = []
        var after: String?
        repeat {
            let page = try #require(Self.page(&broker, limit: 3, after: after))
            #expect(page.presentations.count <= 3)
            #expect(!page.cutShort)
            #expect(Set(page.operations.keys) == Set(page.presentations.map(\.job)))
            seen += page.presentations.map(\.id)
            after = page.next
        } while after != nil
        #expect(seen == broker.state.pending.map(\.id))
        #expect(seen.count == 7)
    }

    @Test func aPageOfLargeQuestionsIsCutShortBelowTheMessageLimitAndSaysSo() throws {
        let limits = MessageLimits(maxMessageBytes: 64 << 10)
        var broker = Self.waiting(40, messageBytes: 1_900, settings: .init(limits: limits))
        let page = try #require(Self.page(&broker, limit: 1_000))
        #expect(page.cutShort)
        #expect(page.next != nil)
        #expect(page.presentations.count < 40)
        #expect(try BrokerReply.pending(page).body().count <= limits.maxMessageBytes)
        var total = page.presentations.count
        var after = page.next
        while let cursor = after {
            let next = try #require(Self.page(&broker, limit: 1_000, after: cursor))
            #expect(try BrokerReply.pending(next).body().count <= limits.maxMessageBytes)
            total += next.presentations.count
            after = next.next
        }
        #expect(total == 40)
    }

    @Test func aCursorAfterAnAnsweredQuestionStillFindsItsPlace() throws {
        var broker = Self.waiting(4)
        let first = try #require(Self.page(&broker, limit: 2))
        let last = try #require(first.presentations.last)
        _ = broker.client(.answer(.init(presentation: last.id, action: "remove", by: "ana", channel: "cli")))
        let second = try #require(Self.page(&broker, limit: 2, after: first.next))
        #expect(second.presentations.map(\.id) == Array(broker.state.pending.map(\.id).suffix(2)))
    }

    @Test func aCursorNoPageGaveOutIsRefused() {
        var broker = Self.waiting(1)
        let replies = BrokerHarness.replies(broker.client(.pending(.init(after: "yesterday"))))
        guard case .error(let error) = replies.first else { return #expect(Bool(false), "\(replies)") }
        #expect(error.code == .invalidBody)
    }
}

@Suite struct PoisonTests {
    @Test func aJobWhoseWorkerKeepsBeingLostFailsAsPoisonedNamingTheCause() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3, maxRedispatches: 2))
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        var ended: Event?
        var saved: Job?
        for round in 1...3 {
            // The worker is lost while running the job: it announces itself again, as after a crash.
            let effects = broker.ready("w1")
            if round <= 2 {
                #expect(BrokerHarness.dispatches(effects).first?.1.redispatches == round)
            } else {
                ended = BrokerHarness.events(effects).first { $0.type == .jobFailed }
                saved = BrokerHarness.changes(effects).compactMap { if case .saveJob(let job, _) = $0 { job } else { nil } }.last
            }
        }
        let failed = ended?.job
        #expect(failed?.id == job.id)
        #expect(failed?.error?.code == "poisoned")
        #expect(failed?.error?.message.contains("announced itself again while running attempt 3") == true, "\(failed?.error?.message ?? "")")
        #expect(saved?.redispatches == 3, "the job as journaled counts its redispatches (its event does not carry them)")
        #expect(broker.state.activeJobs.isEmpty)
    }

    @Test func aSilentWorkerCountsAsLostToo() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3, maxRedispatches: 1))
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        _ = broker.advance(3.5)
        _ = broker.ready("w1")
        let effects = broker.advance(3.5)
        let failed = BrokerHarness.events(effects).first { $0.type == .jobFailed }?.job
        #expect(failed?.id == job.id)
        #expect(failed?.error?.message.contains("was silent for 3 heartbeats") == true)
    }

    @Test func aRefusedDispatchFailsTheJobWithTheWorkersCodeAndIsNotHandedOutAgain() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        _ = broker.ready("w2")
        let (job, effects) = broker.submit("noop")
        let runner = BrokerHarness.dispatches(effects)[0].0 == BrokerHarness.worker("w1") ? "w1" : "w2"
        let refused = broker.worker(runner, .refuse(.init(job: job.id, attempt: 1, code: "tooLarge", message: "dispatch: 2000000 bytes")))
        let failed = BrokerHarness.events(refused).first { $0.type == .jobFailed }?.job
        #expect(failed?.error?.code == "tooLarge")
        #expect(failed?.error?.message.contains("refused attempt 1") == true)
        #expect(BrokerHarness.dispatches(refused).isEmpty)
        #expect(broker.state.activeJobs.isEmpty)
    }

    @Test func onlyTheWorkerRunningTheAttemptCanRefuseIt() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        #expect(broker.worker("w1", .refuse(.init(job: job.id, attempt: 9, code: "tooLarge", message: "old"))).isEmpty)
        #expect(broker.state.activeJobs.map(\.id) == [job.id])
    }

    @Test func anUndeliverableDispatchFailsItsJob() {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit("noop")
        let effects = broker.state.undeliverable(job.id, attempt: 1, error: Job.Failure(code: "tooLarge", message: "too big"), now: broker.now)
        #expect(BrokerHarness.events(effects).first { $0.type == .jobFailed }?.job?.error?.code == "tooLarge")
    }
}

@Suite struct AdmissionTests {
    let admission = Admission(limits: MessageLimits(maxMessageBytes: 64 << 10))

    func refusal(_ request: ClientRequest) -> WireError? {
        #expect(throws: WireError.self) { try admission.check(request) }
    }

    @Test func anInputThatCouldNotTravelToAWorkerIsRefusedAtSubmit() throws {
        try admission.check(.submit(.init(operation: "noop", input: .string(String(repeating: "x", count: 16_000)))))
        let error = refusal(.submit(.init(operation: "noop", input: .string(String(repeating: "x", count: 17_000)))))
        #expect(error?.code == .tooLarge)
        #expect(error?.message.contains("maxMessageBytes") == true)
    }

    @Test(arguments: [
        "ana\u{1B}[2J", String(repeating: "\u{1B}]0;owned\u{07}", count: 1_819), "", "   ", String(repeating: "a", count: 129), "bob\u{202E}gnp.exe",
    ])
    func anAnswerByAnUnreadableNameIsRefused(_ by: String) {
        let error = refusal(.answer(.init(presentation: "prs_1", action: "remove", by: by, channel: "cli")))
        #expect(error?.code == .invalidBody)
        #expect(error?.message.hasPrefix("by ") == true)
    }

    @Test func aLongButPrintableNameIsAccepted() throws {
        try admission.check(.answer(.init(presentation: "prs_1", action: "remove", by: "Ana María " + String(repeating: "ñ", count: 100), channel: "web")))
    }

    @Test func anOutputTooLargeEndsTheJobAsFailedInsteadOfBeingDropped() throws {
        let message = try admission.admit(.result(.init(job: "j", attempt: 1, outcome: .succeeded, output: .string(String(repeating: "x", count: 9_000)))))
        guard case .result(let result) = message else { return #expect(Bool(false)) }
        #expect(result.outcome == .failed)
        #expect(result.error?.code == "tooLarge")
    }

    @Test func aQuestionOrAStepValueTooLargeIsRefused() {
        let draft = Presentation.Draft.alert("Big", item: .string(String(repeating: "x", count: 9_000)))
        #expect(throws: WireError.self) { try admission.admit(.present(.init(job: "j", attempt: 1, sequence: 1, draft: draft))) }
        #expect(throws: WireError.self) {
            try admission.admit(.step(.init(job: "j", attempt: 1, name: "copy", value: .string(String(repeating: "x", count: 9_000)))))
        }
    }
}
