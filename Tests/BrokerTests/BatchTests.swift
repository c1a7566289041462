import Broker
import Foundation
import JSON
import Journal
import Presentation
import Schema
import Testing
import Wire

/// A bulk submit (`submitMany`): every item vetted as a single submit is, one turn for the whole batch.
@Suite struct BatchTests {
    static let schema = JSONSchema.object(["name": .string(minLength: 1)], required: ["name"])

    static func named(_ name: String) -> RawJSON { .object(["name": .string(name)]) }

    static func batch(_ inputs: [RawJSON], keys: [String?]? = nil, atomic: Bool? = nil) -> ClientRequest.SubmitMany {
        let keys = keys ?? inputs.map { _ in nil }
        return .init(operation: "greet", items: zip(inputs, keys).map { .init(input: $0, idempotencyKey: $1) }, atomic: atomic)
    }

    /// A broker that knows `greet` from the journal, with no worker connected: nothing is handed out.
    static func broker(settings: BrokerState.Settings = .init(), schema: JSONSchema? = schema) -> BrokerHarness {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let greet = RecordedAnnouncement(
            announcement: OperationAnnouncement(name: "greet", summary: "Greet", input: schema), worker: "earlier", firstAt: at, lastAt: at)
        return BrokerHarness(settings: settings, announcements: [greet])
    }

    static func submitted(_ effects: [BrokerEffect]) -> BrokerReply.Submitted? {
        BrokerHarness.replies(effects).compactMap { if case .submitted(let reply) = $0 { reply } else { nil } }.first
    }

    static func saved(_ effects: [BrokerEffect]) -> [Job] {
        BrokerHarness.changes(effects).compactMap { if case .saveJob(let job, _) = $0 { job } else { nil } }
    }

    static func receive(_ broker: inout BrokerHarness, _ batch: ClientRequest.SubmitMany, existing: [Int: (job: Job, digest: String)] = [:]) -> [BrokerEffect] {
        broker.state.receive(
            client: broker.client, correlation: "c", batch: batch, existing: existing, now: broker.now, ids: batch.items.indices.map { "job-\($0)" })
    }

    @Test func aBadItemRefusesOnlyItselfAndTheReplyKeepsTheItemsOrder() throws {
        var broker = Self.broker()
        let effects = Self.receive(&broker, Self.batch([Self.named("a"), .object([:]), Self.named("c")]))
        let reply = try #require(Self.submitted(effects))
        #expect(reply.items.map(\.job) == ["job-0", nil, "job-2"])
        #expect(reply.items[1].error?.code == .invalidInput)
        #expect(reply.items[1].error?.violations?.isEmpty == false)
        #expect(Self.saved(effects).map(\.id) == ["job-0", "job-2"], "only the good items are journaled, in order")
        #expect(broker.state.queued == ["job-0", "job-2"])
        #expect(BrokerHarness.events(effects).map(\.type) == [.jobQueued, .jobQueued])
    }

    @Test func anAtomicBatchWithABadItemQueuesNothingAndNamesTheFirstBadItem() throws {
        var broker = Self.broker()
        let effects = Self.receive(&broker, Self.batch([Self.named("a"), Self.named("b"), .object([:]), .string("x")], atomic: true))
        #expect(BrokerHarness.changes(effects).isEmpty)
        #expect(broker.state.queued.isEmpty)
        let replies = BrokerHarness.replies(effects)
        #expect(replies.count == 1)
        guard case .error(let error) = try #require(replies.first) else {
            Issue.record("expected an error, got \(replies)")
            return
        }
        #expect(error.code == .invalidInput)
        #expect(error.message.hasPrefix("the atomic batch of 4 items was refused, nothing was queued: item 2: the input of greet breaks its schema"))
    }

    @Test func anAtomicBatchOfGoodItemsIsQueuedWhole() throws {
        var broker = Self.broker()
        let effects = Self.receive(&broker, Self.batch([Self.named("a"), Self.named("b")], atomic: true))
        #expect(try #require(Self.submitted(effects)).items.map(\.job) == ["job-0", "job-1"])
        #expect(Self.saved(effects).count == 2)
    }

    @Test func anItemOverTheInputShareIsRefusedAloneAsTooLarge() throws {
        var broker = Self.broker(settings: .init(limits: MessageLimits(maxMessageBytes: 64 << 10)), schema: nil)
        let large = Self.named(String(repeating: "x", count: 20 << 10))
        let reply = try #require(Self.submitted(Self.receive(&broker, Self.batch([Self.named("a"), large]))))
        #expect(reply.items[0].job == "job-0")
        #expect(reply.items[1].error?.code == .tooLarge)
        #expect(reply.items[1].error?.message.hasPrefix("the input is 20") == true)
    }

    @Test func eachItemHasItsOwnIdempotencyKey() throws {
        var broker = Self.broker()
        let (earlier, _) = broker.submit("greet", key: "k-1", input: Self.named("a"))
        let effects = Self.receive(
            &broker,
            Self.batch([Self.named("a"), Self.named("b"), Self.named("b"), Self.named("c"), Self.named("d")], keys: ["k-1", "k-2", "k-2", "k-3", "k-1"]))
        let reply = try #require(Self.submitted(effects))
        #expect(reply.items[0].job == earlier.id, "a key used before returns the earlier job")
        #expect(reply.items[1].job == "job-1")
        #expect(reply.items[2].job == "job-1", "a key repeated within the batch is the job its first item made")
        #expect(reply.items[3].job == "job-3")
        #expect(reply.items[4].error?.code == .idempotencyConflict)
        #expect(Self.saved(effects).map(\.id) == ["job-1", "job-3"])
    }

    @Test func twoItemsWithOneKeyAndDifferentInputsConflict() throws {
        var broker = Self.broker()
        let reply = try #require(Self.submitted(Self.receive(&broker, Self.batch([Self.named("a"), Self.named("b")], keys: ["k", "k"]))))
        #expect(reply.items[0].job == "job-0")
        #expect(reply.items[1].error?.code == .idempotencyConflict)
        #expect(reply.items[1].error?.message.contains("(item 0)") == true)
    }

    @Test func aKeyTheJournalHoldsReturnsItsJob() throws {
        var broker = Self.broker()
        let earlier = Job(id: "job-old", operation: "greet", input: Self.named("a"), phase: .succeeded, createdAt: broker.now)
        let digest = Idempotency.digest(operation: "greet", input: earlier.input)
        let effects = Self.receive(&broker, Self.batch([Self.named("a")], keys: ["k"]), existing: [0: (earlier, digest)])
        #expect(try #require(Self.submitted(effects)).items.map(\.job) == ["job-old"])
        #expect(Self.saved(effects).isEmpty)
    }

    @Test func theDeadlineAndTheAudienceApplyToEveryJobOfTheBatch() throws {
        var broker = Self.broker()
        let audience = Audience(users: ["ana"], groups: ["ops"])
        let batch = ClientRequest.SubmitMany(
            operation: "greet", items: [.init(input: Self.named("a")), .init(input: Self.named("b"))], answerWithin: 1_800, audience: audience)
        let saved = Self.saved(Self.receive(&broker, batch))
        #expect(saved.count == 2)
        #expect(saved.allSatisfy { $0.answerWithin == 1_800 && $0.audience == audience })
    }

    @Test func theBatchIsHandedOutAfterItIsQueuedInOneTurn() throws {
        var broker = BrokerHarness()
        _ = broker.announce("w1", capacity: 2, [OperationAnnouncement(name: "greet", summary: "Greet", input: nil)])
        let batch = Self.batch((0..<3).map { Self.named("n\($0)") })
        let effects = broker.state.receive(client: broker.client, correlation: "c", batch: batch, existing: [:], now: broker.now, ids: ["a", "b", "c"])
        #expect(BrokerHarness.dispatches(effects).map(\.1.id) == ["a", "b"], "as many as the worker has slots, in the batch's order")
        #expect(broker.state.queued == ["c"])
    }

    @Test func aRefusedItemsVerboseErrorsAreShortenedWhenTheReplyWouldNotFit() {
        let long = WireError(.invalidInput, String(repeating: "v", count: 5_000), violations: [SchemaViolation(path: "$.name", message: "missing")])
        let reply = BrokerReply.Submitted(items: Array(repeating: .init(error: long), count: 10) + [.init(job: "job-1")])
        let fitted = reply.fitted(within: 4_096)
        #expect(MessageLimits.size(fitted) <= 4_096)
        #expect(fitted.items.last?.job == "job-1")
        #expect(fitted.items[0].error?.code == .invalidInput)
        #expect(fitted.items[0].error?.violations == nil)
    }
}
