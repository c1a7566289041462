import Broker
import Foundation
import JSON
import Journal
import Presentation
import Testing
import Wire

@Suite("Revoked worker keys") struct RevocationTests {
    @Test("A worker whose key is revoked is dropped, its job requeued for a permitted worker, and no other revoked worker gets it")
    func aRevokedWorkerLosesItsJobsAndItsRegistration() {
        var broker = BrokerHarness()
        _ = broker.ready("rogue")
        let (job, submitted) = broker.submit()
        #expect(BrokerHarness.dispatches(submitted).map(\.0) == [BrokerHarness.worker("rogue")])
        _ = broker.ready("idle-rogue")
        _ = broker.ready("kept", capacity: 0)

        let effects = broker.state.revokeWorkers(stillWorker: { $0 == "kept" }, now: broker.now)
        #expect(BrokerHarness.dispatches(effects).isEmpty, "neither revoked worker is handed the job, and the kept one has no room")
        #expect(broker.state.workerCount == 1)
        #expect(broker.state.queued == [job.id])
        let retried = BrokerHarness.changes(effects).compactMap { if case .appendHistory(_, let entry) = $0, entry.type == .retried { entry } else { nil } }
        #expect(retried.map(\.worker) == ["rogue"], "the lost attempt is in the timeline, as a dead worker's is")
        #expect(broker.state.revokeWorkers(stillWorker: { $0 == "kept" }, now: broker.now).isEmpty, "a second reload changes nothing")

        let redispatched = BrokerHarness.dispatches(broker.ready("permitted"))
        #expect(redispatched.map(\.0) == [BrokerHarness.worker("permitted")])
        #expect(redispatched.first?.1.attempts == 2, "the job is replayed as a new attempt")
        let late = broker.worker("rogue", .result(.init(job: job.id, attempt: 1, outcome: .succeeded, output: .object([:]))))
        #expect(BrokerHarness.events(late).isEmpty, "the revoked worker's result of its old attempt ends nothing")
    }
}
