import Foundation
import JSON
import Journal
import Log
import Presentation
import Testing
import Wire

@testable import Broker

/// What one loop turn writes: each event encoded once (journal and PUB share the bytes), each job once.
@Suite struct TurnChangesTests {
    static let at = Date(timeIntervalSince1970: 1_800_000_000)
    static let key = Idempotency(key: "order-1", operation: "noop", input: .object([:]))

    static func job(_ id: String, _ phase: Job.Phase, attempts: Int = 0) -> Job {
        Job(id: id, operation: "noop", input: .object([:]), phase: phase, attempts: attempts, createdAt: at, updatedAt: at)
    }

    @Test func aJobSavedTwiceInATurnIsWrittenOnceAsLastSavedWithTheFirstKeyInItsFirstPlace() throws {
        let event = Event(sequence: 7, type: .jobQueued, at: Self.at, job: Self.job("j1", .queued))
        let effects: [BrokerEffect] = [
            .persist(.saveJob(Self.job("j1", .queued), idempotency: Self.key)),
            .persist(.appendEvent(event)),
            .persist(.saveJob(Self.job("j2", .queued), idempotency: nil)),
            .persist(.saveJob(Self.job("j1", .running, attempts: 1), idempotency: nil)),
        ]
        let (changes, encoded) = BrokerLoop.turnChanges(effects)
        #expect(changes.count == 3)
        #expect(changes.first == .saveJob(Self.job("j1", .running, attempts: 1), idempotency: Self.key))
        #expect(changes.last == .saveJob(Self.job("j2", .queued), idempotency: nil))
        guard case .appendEncodedEvent(let journaled, let json) = changes[1] else {
            Issue.record("expected the encoded event, got \(changes[1])")
            return
        }
        #expect(journaled == event)
        #expect(encoded[7] == json, "PUB sends the bytes the journal stores")
        #expect(try Event.decode([Data("job.queued".utf8), json]) == event)
    }

    @Test func aSaveAfterADispatchInTheTurnIsWrittenAfterIt() {
        // The dispatch may save the row (past the timeline's limit): a later save must not be moved before it.
        let dispatched = HistoryEntry(.dispatched, at: Self.at)
        let effects: [BrokerEffect] = [
            .persist(.saveJob(Self.job("j1", .queued), idempotency: Self.key)),
            .persist(.dispatch(Self.job("j1", .running, attempts: 1), dispatched)),
            .persist(.saveJob(Self.job("j1", .succeeded, attempts: 1), idempotency: nil)),
        ]
        #expect(
            BrokerLoop.turnChanges(effects).changes == [
                .saveJob(Self.job("j1", .queued), idempotency: Self.key),
                .dispatch(Self.job("j1", .running, attempts: 1), dispatched),
                .saveJob(Self.job("j1", .succeeded, attempts: 1), idempotency: nil),
            ])
    }

    @Test func otherChangesKeepTheirOrder() {
        let presentation = try! Presentation(
            .alert("Sure?", actions: [Action(id: "ok", label: "OK")]), id: "prs-1", job: "j1", sequence: 1, createdAt: Self.at)
        let effects: [BrokerEffect] = [
            .persist(.addPresentation(presentation)),
            .persist(.recordStep(job: "j1", name: "copy", value: .bool(true))),
            .publish(Event(sequence: 3, type: .heartbeat, at: Self.at)),
        ]
        #expect(BrokerLoop.turnChanges(effects).changes == [.addPresentation(presentation), .recordStep(job: "j1", name: "copy", value: .bool(true))])
    }

    @Test func aCommittedTurnSendsToWorkersThenTheRestThenWritesTheLogEachInTheTurnsOrder() {
        let queued = Event(sequence: 1, type: .jobQueued, at: Self.at, job: Self.job("j1", .queued))
        let effects: [BrokerEffect] = [
            .log(.info, "first line", LogSubject()),
            .persist(.appendEvent(queued)),
            .reply(to: Data([1]), correlation: "c1", .job(Self.job("j1", .queued))),
            .dispatch(to: Data([2]), job: Self.job("j1", .running, attempts: 1)),
            .log(.info, "second line", LogSubject()),
            .send(to: Data([3]), correlation: "", .forget(.init(job: "j0", attempt: 1))),
            .publish(Event(sequence: 2, type: .heartbeat, at: Self.at)),
        ]
        #expect(
            Array(BrokerLoop.performingOrder(effects)) == [
                effects[3], effects[5],
                effects[1], effects[2], effects[6],
                effects[0], effects[4],
            ])
    }
}
