import Foundation
import JSON
import Presentation
import Testing
import Wire

/// Several messages in one: a worker's `batch` and the broker's `dispatches`.
@Suite struct BatchFrameTests {
    static let dispatches: [BrokerCommand.Dispatch] = (1...4).map {
        .init(
            job: "job_\($0)", attempt: $0, operation: "greet", input: .object(["name": .string("n\($0)")]), history: History(steps: ["s": .integer(Int64($0))]))
    }

    @Test func aWorkersBatchSurvivesTheWireWithEachMessageAndCorrelationInOrder() throws {
        let (decoded, _) = try Frames.decode(Frames.encode(Examples.batch), as: WorkerBatch.self)
        #expect(decoded == Examples.batch)
        #expect(decoded.items.map(\.correlation) == ["w7", "", ""])
    }

    @Test func dispatchesSplicedFromTheirOwnBodiesAreTheBodyTheEncoderWrites() throws {
        let spliced = BrokerCommand.Dispatches.body(try Self.dispatches.map { try Frames.encode(BrokerCommand.dispatch($0))[3] })
        let encoded = Frames.encode(BrokerCommand.dispatches(.init(Self.dispatches)))
        #expect(spliced == encoded[3])
        let size = BrokerCommand.Dispatches.size(bytes: Self.dispatches.reduce(0) { $0 + Frames.encode(BrokerCommand.dispatch($1))[3].count }, count: 4)
        #expect(size == spliced.count)
        #expect(try Frames.decode(encoded, as: BrokerCommand.self).message == .dispatches(.init(Self.dispatches)))
    }

    @Test func singleMessagesPackedFromTheirFramesAreTheBatchTheEncoderWrites() throws {
        let frames = Examples.batch.items.map { Frames.encode($0.message, correlation: $0.correlation) }
        let packed = WorkerBatch.pack(frames, maxBytes: 1 << 20)
        #expect(packed == [Frames.encode(Examples.batch)])
    }

    @Test func packingKeepsTheOrderAndSendsAloneWhatTravelsAlone() throws {
        let result = { (job: String) in WorkerMessage.result(.init(job: job, attempt: 1, outcome: .succeeded)) }
        let messages: [WorkerMessage] = [result("a"), result("b"), .disconnect, result("c"), .heartbeat, result("d")]
        let packed = WorkerBatch.pack(messages.map { Frames.encode($0) }, maxBytes: 1 << 20)
        #expect(packed.map { String(decoding: $0[1], as: UTF8.self) } == ["batch", "disconnect", "batch"])
        let first = try Frames.decode(packed[0], as: WorkerBatch.self).message
        let last = try Frames.decode(packed[2], as: WorkerBatch.self).message
        #expect(first.items.map(\.message) == [result("a"), result("b")])
        #expect(last.items.map(\.message) == [result("c"), .heartbeat, result("d")])
    }

    @Test func eachPackedBatchCarriesTheMessagesItHoldsAndTakesACorrelationIdOfItsOwn() throws {
        let messages = (0..<6).map { Frames.encode(WorkerMessage.result(.init(job: "job_\($0)", attempt: 1, outcome: .succeeded))) }
        let packed = WorkerBatch.packed(messages + [Frames.encode(WorkerMessage.disconnect)], maxBytes: 300)
        let batches = packed.filter { !$0.carried.isEmpty }.enumerated().map { $1.correlated("b\($0 + 1)") }
        #expect(batches.count >= 2)
        #expect(batches.flatMap(\.carried) == messages, "every message once, in order, as its own frames")
        for batch in batches {
            let decoded = try Frames.decode(batch.frames, as: WorkerBatch.self)
            #expect(decoded.correlation == String(decoding: batch.frames[2], as: UTF8.self))
            #expect(decoded.message.items.map { Frames.encode($0.message) } == batch.carried)
        }
        #expect(packed.last == WorkerBatch.Packed(frames: Frames.encode(WorkerMessage.disconnect)), "what travels alone carries nothing")
    }

    @Test(arguments: [200, 400, 1_000])
    func packingKeepsEveryBatchWithinTheSizeLimit(maxBytes: Int) throws {
        let messages = (0..<40).map { WorkerMessage.result(.init(job: "job_\($0)", attempt: 1, outcome: .succeeded, output: .string("ok"))) }
        let packed = WorkerBatch.pack(messages.map { Frames.encode($0) }, maxBytes: maxBytes)
        #expect(packed.count > 1)
        #expect(packed.allSatisfy { $0[3].count <= maxBytes })
        var unpacked: [WorkerMessage] = []
        for frames in packed {
            if frames[1] == Data("batch".utf8) {
                unpacked += try Frames.decode(frames, as: WorkerBatch.self).message.items.map(\.message)
            } else {
                unpacked.append(try Frames.decode(frames, as: WorkerMessage.self).message)
            }
        }
        #expect(unpacked == messages)
    }

    @Test func eachBatchedMessageIsReadWithinTheLimitsItWouldHaveAlone() throws {
        // Nested to the depth limit exactly: taken alone, and taken inside a batch three levels deeper.
        let limits = MessageLimits.standard
        var deep = JSONValue.integer(1)
        for _ in 0..<(limits.json.maxDepth - 1) { deep = .array([deep]) }
        let step = WorkerMessage.step(.init(job: "j", attempt: 1, name: "deep", value: .literal(deep)))
        _ = try Frames.decode(Frames.encode(step), as: WorkerMessage.self, limits: limits)
        #expect(try Frames.decode(Frames.encode(WorkerBatch([.init(step)])), as: WorkerBatch.self, limits: limits).message.items.count == 1)
        // One level deeper is refused alone and in the batch.
        let deeper = WorkerMessage.step(.init(job: "j", attempt: 1, name: "deep", value: .array([deep])))
        #expect(throws: WireError.self) { try Frames.decode(Frames.encode(deeper), as: WorkerMessage.self, limits: limits) }
        #expect(throws: WireError.self) { try Frames.decode(Frames.encode(WorkerBatch([.init(deeper)])), as: WorkerBatch.self, limits: limits) }
    }

    @Test(arguments: ["ready", "disconnect", "batch"])
    func aBatchCannotCarryAMessageThatTravelsAlone(type: String) {
        let body = Data(#"{"messages":[{"body":{},"correlation":"","type":"\#(type)"}]}"#.utf8)
        #expect {
            try WorkerBatch.decode(type: "batch", body: body, limits: .standard)
        } throws: { error in
            (error as? WireError)?.code == .invalidBody
        }
    }

    @Test func anOlderSidesMessagesWithoutTheBatchesFieldStillRead() throws {
        let welcome = try Frames.decode(
            [Data(Frames.version.utf8), Data("welcome".utf8), Data(), Data(#"{"operations":["greet"]}"#.utf8)], as: BrokerCommand.self)
        #expect(welcome.message == .welcome(.init(operations: ["greet"])))
        let ready = try Frames.decode(
            [Data(Frames.version.utf8), Data("ready".utf8), Data(), Data(#"{"capacity":2,"name":"w","operations":["greet"]}"#.utf8)],
            as: WorkerMessage.self)
        guard case .ready(let announced) = ready.message else { throw WireError(.invalidBody, "not a ready") }
        #expect(announced.batches == nil)
    }
}
