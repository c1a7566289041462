import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

/// How a turn's dispatches travel: a worker that reads `dispatches` gets those of one turn in one message.
@Suite struct DispatchBatchTests {
    /// The jobs each message to `worker` hands out, message by message.
    static func messages(_ sends: [WorkerSend], to worker: String) -> [[String]] {
        sends.compactMap { send in
            guard case .dispatch(let peer, let jobs) = send, peer == BrokerHarness.worker(worker) else { return nil }
            return jobs.map(\.id)
        }
    }

    /// A broker with `queued` jobs waiting before any worker runs them.
    static func queued(_ count: Int) -> (BrokerHarness, [String]) {
        var broker = BrokerHarness()
        let jobs = (0..<count).map { _ in broker.submit("noop").0.id }
        return (broker, jobs)
    }

    @Test(
        "A batching worker that announces itself gets as many queued jobs as it has slots, in one message, in queue order",
        arguments: [(capacity: 4, queued: 6), (capacity: 4, queued: 4), (capacity: 4, queued: 2), (capacity: 1, queued: 3), (capacity: 16, queued: 9)])
    func theTurnsDispatchesGoInOneMessage(capacity: Int, queued: Int) {
        var (broker, jobs) = Self.queued(queued)
        let effects = broker.ready("w1", capacity: capacity, batches: true)
        let messages = Self.messages(broker.state.workerSends(effects), to: "w1")
        #expect(messages == [Array(jobs.prefix(capacity))])
        #expect(broker.state.queued == Array(jobs.dropFirst(capacity)))
    }

    @Test func aWorkerOfAnOlderVersionGetsOneDispatchAMessage() {
        var (broker, jobs) = Self.queued(3)
        let effects = broker.ready("old", capacity: 4)
        #expect(Self.messages(broker.state.workerSends(effects), to: "old") == jobs.map { [$0] })
    }

    @Test func resultsTakenInOneTurnFreeSlotsWhoseNextJobsGoTogetherAndNeverMoreThanTheFreedSlots() {
        var (broker, jobs) = Self.queued(9)
        _ = broker.ready("w1", capacity: 4, batches: true)
        // One turn of the loop: three results read together, their effects performed after one commit.
        var turn: [BrokerEffect] = []
        for job in jobs.prefix(3) { turn += broker.worker("w1", .result(.init(job: job, attempt: 1, outcome: .succeeded, output: .null))) }
        #expect(Self.messages(broker.state.workerSends(turn), to: "w1") == [Array(jobs[4..<7])])
        #expect(broker.state.queued == Array(jobs[7...]))
    }

    @Test func anotherCommandToTheWorkerKeepsItsPlaceBetweenTheDispatchesBeforeAndAfterIt() {
        var broker = BrokerHarness()
        _ = broker.ready("w1", capacity: 8, batches: true)
        _ = broker.ready("w2", capacity: 8, batches: true)
        let (w1, w2) = (BrokerHarness.worker("w1"), BrokerHarness.worker("w2"))
        let job = { (id: String) in
            Job(id: id, operation: "noop", input: .object([:]), phase: .running, attempts: 1, createdAt: broker.now, updatedAt: broker.now)
        }
        let forget = BrokerCommand.forget(.init(job: "j0", attempt: 1))
        let effects: [BrokerEffect] = [
            .dispatch(to: w1, job: job("j1")), .dispatch(to: w2, job: job("j2")), .send(to: w1, correlation: "", forget),
            .dispatch(to: w1, job: job("j3")), .publish(Event(sequence: 1, type: .heartbeat, at: broker.now)), .dispatch(to: w2, job: job("j4")),
            .dispatch(to: w1, job: job("j5")),
        ]
        let sends = broker.state.workerSends(effects)
        #expect(Self.messages(sends, to: "w1") == [["j1"], ["j3", "j5"]])
        #expect(Self.messages(sends, to: "w2") == [["j2", "j4"]])
        let toW1 = sends.filter {
            switch $0 {
            case .command(let peer, _, _), .dispatch(let peer, _): peer == w1
            }
        }
        #expect(toW1 == [.dispatch(to: w1, jobs: [job("j1")]), .command(to: w1, correlation: "", forget), .dispatch(to: w1, jobs: [job("j3"), job("j5")])])
    }

    @Test func theWelcomeSaysTheBrokerReadsBatches() {
        var broker = BrokerHarness()
        let welcome = BrokerHarness.commands(broker.ready("w1"), to: "w1").compactMap { if case .welcome(let welcome) = $0 { welcome } else { nil } }
        #expect(welcome.map(\.batches) == [true])
    }
}
