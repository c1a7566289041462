import Broker
import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

@Suite struct IdempotencyTests {
    static func error(_ effects: [BrokerEffect]) -> WireError? {
        BrokerHarness.replies(effects).compactMap { if case .error(let error) = $0 { error } else { nil } }.first
    }

    @Test func aKeyReusedWithTheSameRequestReturnsTheSameJob() {
        var broker = BrokerHarness()
        let (first, _) = broker.submit(key: "order-1", input: .object(["a": .integer(1), "b": .integer(2)]))
        let (again, effects) = broker.submit(key: "order-1", input: .object(["b": .integer(2), "a": .integer(1)]))
        #expect(again.id == first.id, "the same request in another key order is the same request")
        #expect(BrokerHarness.changes(effects).isEmpty)
    }

    @Test func aKeyReusedWithAnotherRequestIsRefusedAndChangesNothing() {
        var broker = BrokerHarness()
        let (first, _) = broker.submit(key: "order-1", input: .object(["a": .integer(1)]))
        let effects = broker.client(.submit(.init(operation: "removeDownload", input: .object(["a": .integer(2)]), idempotencyKey: "order-1")))
        let error = Self.error(effects)
        #expect(error?.code == .idempotencyConflict)
        #expect(error?.message.contains(first.id) == true)
        #expect(BrokerHarness.changes(effects).isEmpty)
        #expect(
            Self.error(broker.client(.submit(.init(operation: "noop", input: .object(["a": .integer(1)]), idempotencyKey: "order-1"))))?.code
                == .idempotencyConflict, "another operation is another request")
    }

    @Test func aKeyTheJournalHoldsIsComparedByItsDigest() {
        var broker = BrokerHarness()
        let earlier = Job(id: "job-old", operation: "noop", input: .object(["a": .integer(1)]), phase: .succeeded, createdAt: broker.now)
        let digest = Idempotency.digest(operation: "noop", input: earlier.input)
        let same = broker.client(.submit(.init(operation: "noop", input: earlier.input, idempotencyKey: "k")), existing: (earlier, digest))
        #expect(BrokerHarness.replies(same) == [.job(earlier)])
        let other = broker.client(.submit(.init(operation: "noop", input: .null, idempotencyKey: "k")), existing: (earlier, digest))
        #expect(Self.error(other)?.code == .idempotencyConflict)
    }

    @Test func theKeyAndItsDigestAreJournaledWithTheJob() {
        var broker = BrokerHarness()
        let (_, effects) = broker.submit(key: "k", input: .string("x"))
        let saved = BrokerHarness.changes(effects).compactMap { if case .saveJob(_, let idempotency) = $0 { idempotency } else { nil } }
        #expect(saved == [Idempotency(key: "k", operation: "removeDownload", input: .string("x"))])
    }
}

@Suite struct PausedBrokerTests {
    @Test func whilePausedNothingIsHandedOutOrExpiresAndResumingHandsOutWhatWaited() throws {
        var broker = BrokerHarness()
        broker.state.paused = true
        _ = broker.ready("w1")
        let (job, effects) = broker.submit("noop")
        #expect(BrokerHarness.dispatches(effects).isEmpty)
        #expect(BrokerHarness.changes(broker.advance(10)).isEmpty, "a paused broker decides nothing the journal could not record")
        _ = broker.ready("w1")  // silent for 10 s, it was let go meanwhile; it comes back
        let resumed = broker.state.resume(now: broker.now)
        #expect(BrokerHarness.dispatches(resumed).map(\.1.id) == [job.id])
    }

    @Test func aQuarantinedJobLeavesEveryListAndIsNamed() {
        var broker = BrokerHarness()
        let (job, _) = broker.submit("noop")
        broker.state.quarantine(job.id, reason: "its steps cannot be read")
        #expect(broker.state.queued.isEmpty)
        #expect(broker.state.activeJobs.isEmpty)
        #expect(broker.state.quarantined == [Quarantine(job: job.id, reason: "its steps cannot be read")])
    }

    @Test func recoveredQuarantinedJobsAreKeptByName() {
        let state = BrokerState(quarantined: [Quarantine(job: "j-bad", reason: "Job: not valid JSON")])
        #expect(state.quarantined.map(\.job) == ["j-bad"])
    }
}
