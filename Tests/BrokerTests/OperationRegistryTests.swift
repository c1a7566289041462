import Broker
import Foundation
import JSON
import Journal
import Presentation
import Schema
import Testing
import Wire

/// The broker knows only what workers announce: it refuses other operations and inputs that break the
/// announced schema before anything is journaled, keeps each announcement, and describes them.
@Suite struct OperationRegistryTests {
    static let schema = JSONSchema.object(
        ["name": .string(minLength: 1, maxLength: 100)], required: ["name"], additionalProperties: .forbidden)
    static let greet = OperationAnnouncement(name: "greet", summary: "Greet someone", input: schema)

    static func error(_ reply: BrokerReply?) -> WireError? {
        if case .error(let error) = reply { return error }
        return nil
    }

    @Test func anOperationNoWorkerAnnouncedIsRefusedNamingTheKnownOnes() {
        var broker = BrokerHarness()
        let effects = broker.client(.submit(.init(operation: "greet", input: .object(["name": .string("Ada")]))))
        let refusal = Self.error(BrokerHarness.replies(effects).first)
        #expect(refusal?.code == .unknownOperation)
        #expect(refusal?.message == "unknown operation \"greet\": no worker has announced it; known: exportProject, noop, removeDownload")
        #expect(BrokerHarness.changes(effects).isEmpty, "nothing is journaled")
        #expect(broker.state.queued.isEmpty)
    }

    @Test func aBrokerThatKnowsNoOperationSaysSo() {
        var broker = BrokerHarness(announcements: [])
        let refusal = Self.error(broker.submit("noop", input: .object([:])))
        #expect(refusal?.message == "unknown operation \"noop\": no worker has announced it; no worker has announced any operation yet")
    }

    @Test func anInputThatBreaksTheSchemaIsRefusedWithEveryViolation() throws {
        var broker = BrokerHarness(announcements: [])
        let announced = broker.announce("hello-1", [Self.greet])
        #expect(
            BrokerHarness.commands(announced, to: "hello-1") == [
                .welcome(.init(operations: ["greet"], batches: true, maxMessageBytes: MessageLimits.standard.maxMessageBytes))
            ])
        let effects = broker.client(.submit(.init(operation: "greet", input: .object(["nmae": .string("Ada"), "name": .string("")]))))
        let refusal = try #require(Self.error(BrokerHarness.replies(effects).first))
        #expect(refusal.code == .invalidInput)
        #expect(
            refusal.violations?.map(\.description) == [
                "$.name: must have at least 1 character, has 0", "$.nmae: is not allowed (not one of the properties)",
            ])
        #expect(refusal.message.contains("2 problems"))
        #expect(BrokerHarness.changes(effects).isEmpty)
        guard case .job(let job) = broker.submit("greet", input: .object(["name": .string("Ada")])) else {
            Issue.record("a valid input is queued")
            return
        }
        #expect(job.operation == "greet")
    }

    @Test func announcementsAreJournaledAndKnownAfterARestart() throws {
        var broker = BrokerHarness(announcements: [])
        let effects = broker.announce("hello-1", [Self.greet])
        let records = BrokerHarness.changes(effects).compactMap { if case .announce(let record) = $0 { record } else { nil } }
        #expect(records.map(\.announcement) == [Self.greet])
        #expect(records.first?.worker == "hello-1")
        var restarted = BrokerHarness(announcements: records)
        #expect(Self.error(restarted.submit("greet", input: .object([:])))?.code == .invalidInput, "checked against the journaled schema")
        guard case .job = restarted.submit("greet", input: .object(["name": .string("Ada")])) else {
            Issue.record("known before any worker reconnects")
            return
        }
    }

    @Test func twoWorkersWithDifferentSchemasKeepTheirOwnAndEitherMayAcceptAnInput() throws {
        var broker = BrokerHarness(announcements: [])
        let loose = OperationAnnouncement(name: "greet", summary: "Greet anyone", input: .object(["name": .string()]))
        _ = broker.announce("old", [loose])
        broker.now = broker.now.addingTimeInterval(1)
        _ = broker.announce("new", [Self.greet])
        guard case .operations(let list) = BrokerHarness.replies(broker.client(.operations(.init(name: "greet")))).first else {
            Issue.record("operations answers with the list")
            return
        }
        let info = try #require(list.operations.first)
        #expect(info.summary == "Greet someone", "the newest announcement leads")
        #expect(info.workers == ["new", "old"])
        #expect(info.variants?.map(\.workers) == [["new"], ["old"]])
        #expect(info.variants?.map(\.input) == [Self.schema, loose.input])
        guard case .job = broker.submit("greet", input: .object(["name": .string(""), "extra": .integer(1)])) else {
            Issue.record("the older worker's schema accepts it")
            return
        }
        #expect(Self.error(broker.submit("greet", input: .object(["name": .integer(1)])))?.violations?.first?.path == "$.name")
    }

    @Test func anInputEverySchemaRefusesIsRefusedWithTheNewestAnnouncementsViolations() throws {
        var broker = BrokerHarness(announcements: [])
        let loose = OperationAnnouncement(name: "greet", summary: "Greet anyone", input: .object(["name": .string()]))
        _ = broker.announce("old-1", [loose])
        _ = broker.announce("old-2", [loose])
        broker.now = broker.now.addingTimeInterval(1)
        _ = broker.announce("new", [Self.greet])
        // The loose schema finds one problem (`name` is not a string), the newest two (`extra` is not allowed too).
        let refusal = try #require(Self.error(broker.submit("greet", input: .object(["name": .integer(5), "extra": .integer(1)]))))
        #expect(refusal.code == .invalidInput)
        #expect(refusal.violations?.map(\.path) == ["$.extra", "$.name"])
        _ = broker.worker("new", .disconnect)
        let left = try #require(Self.error(broker.submit("greet", input: .object(["name": .integer(5), "extra": .integer(1)]))))
        #expect(left.violations?.map(\.path) == ["$.name"], "the two workers left share the loose announcement")
        guard case .job = broker.submit("greet", input: .object(["name": .string(""), "extra": .integer(1)])) else {
            Issue.record("the workers left accept what the loose schema accepts")
            return
        }
    }

    @Test func withNoWorkerConnectedTheNewestAnnouncementDecides() {
        var broker = BrokerHarness(announcements: [])
        _ = broker.announce("old", [OperationAnnouncement(name: "greet", summary: "", input: nil)])
        _ = broker.worker("old", .disconnect)
        broker.now = broker.now.addingTimeInterval(1)
        _ = broker.announce("new", [Self.greet])
        _ = broker.worker("new", .disconnect)
        #expect(Self.error(broker.submit("greet", input: .object([:])))?.code == .invalidInput)
    }

    @Test func theListingCountsJobsByStateAndNamesTheWorkers() throws {
        var broker = BrokerHarness()
        _ = broker.submit()
        _ = broker.submit()
        _ = broker.ready("w1", capacity: 1)
        guard case .operations(let list) = BrokerHarness.replies(broker.client(.operations(.init()))).first else {
            Issue.record("operations answers with the list")
            return
        }
        #expect(list.operations.map(\.name) == ["exportProject", "noop", "removeDownload"])
        let removal = try #require(list.operations.last)
        #expect(removal.jobs == .init(queued: 1, running: 1, waiting: 0))
        #expect(removal.workers == ["w1"])
        #expect(removal.announcedBy == "w1")
        #expect(list.operations.first?.workers == [])
        #expect(Self.error(BrokerHarness.replies(broker.client(.operations(.init(name: "nope")))).first)?.code == .notFound)
    }

    @Test func anAnnouncementWithANameThatCannotNameAnOperationIsLeftOut() {
        var broker = BrokerHarness(announcements: [])
        let effects = broker.announce(
            "w1",
            [
                OperationAnnouncement(name: "bad name", summary: "", input: nil), OperationAnnouncement(name: "good", summary: "", input: nil),
            ])
        #expect(
            BrokerHarness.commands(effects, to: "w1") == [
                .welcome(.init(operations: ["good"], batches: true, maxMessageBytes: MessageLimits.standard.maxMessageBytes))
            ])
        #expect(Self.error(broker.submit("bad name", input: .object([:])))?.code == .unknownOperation)
    }
}
