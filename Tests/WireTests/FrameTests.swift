import Foundation
import JSON
import Presentation
import Testing
import Wire

@Suite struct FrameTests {
    @Test(arguments: Examples.clientRequests)
    func everyClientRequestSurvivesTheWire(_ request: ClientRequest) throws {
        let (decoded, correlation) = try Frames.decode(Frames.encode(request, correlation: "c-7"), as: ClientRequest.self)
        #expect(decoded == request)
        #expect(correlation == "c-7")
    }

    @Test(arguments: Examples.brokerReplies)
    func everyBrokerReplySurvivesTheWire(_ reply: BrokerReply) throws {
        #expect(try Frames.decode(Frames.encode(reply), as: BrokerReply.self).message == reply)
    }

    @Test(arguments: Examples.workerMessages)
    func everyWorkerMessageSurvivesTheWire(_ message: WorkerMessage) throws {
        #expect(try Frames.decode(Frames.encode(message), as: WorkerMessage.self).message == message)
    }

    @Test(arguments: Examples.brokerCommands)
    func everyBrokerCommandSurvivesTheWire(_ command: BrokerCommand) throws {
        #expect(try Frames.decode(Frames.encode(command), as: BrokerCommand.self).message == command)
    }

    @Test func eventsTravelWithTheirTypeAsTopic() throws {
        let frames = Examples.event.frames
        #expect(String(decoding: frames[0], as: UTF8.self) == "presentation.pending")
        #expect(try Event.decode(frames) == Examples.event)
    }

    static let malformed: [([Data], WireError.Code)] = [
        ([], .malformedFrames),
        ([Data("interlude/1".utf8)], .malformedFrames),
        ([Data("hello".utf8), Data("pending".utf8), Data(), Data("{}".utf8)], .malformedFrames),
        ([Data("interlude/9".utf8), Data("pending".utf8), Data(), Data("{}".utf8)], .unsupportedVersion),
        ([Data("interlude/1".utf8), Data("explode".utf8), Data(), Data("{}".utf8)], .unknownMessage),
        ([Data("interlude/1".utf8), Data(), Data(), Data("{}".utf8)], .malformedFrames),
        ([Data("interlude/1".utf8), Data([0xff, 0xfe]), Data(), Data("{}".utf8)], .malformedFrames),
        ([Data("interlude/1".utf8), Data("submit".utf8), Data(), Data("{not json".utf8)], .invalidBody),
        ([Data("interlude/1".utf8), Data("submit".utf8), Data(), Data(#"{"input":{}}"#.utf8)], .invalidBody),
        ([Data("interlude/1".utf8), Data("answer".utf8), Data(), Data(#"{"presentation":7}"#.utf8)], .invalidBody),
        ([Data("interlude/1".utf8), Data("jobs".utf8), Data(), Data(#"{"state":"sleeping"}"#.utf8)], .invalidBody),
        ([Data("interlude/1".utf8), Data("submit".utf8), Data(), Data(count: MessageLimits.standard.maxMessageBytes + 1)], .tooLarge),
    ]

    @Test(arguments: malformed)
    func malformedFramesDecodeToATypedError(frames: [Data], code: WireError.Code) {
        let error = #expect(throws: WireError.self) { try Frames.decode(frames, as: ClientRequest.self) }
        #expect(error?.code == code)
        #expect(error?.message.isEmpty == false)
    }

    @Test func aMissingFieldIsNamedInTheError() {
        let frames = [Data("interlude/1".utf8), Data("submit".utf8), Data(), Data(#"{"input":{}}"#.utf8)]
        let error = #expect(throws: WireError.self) { try Frames.decode(frames, as: ClientRequest.self) }
        #expect(error?.message.contains("operation") == true)
    }

    @Test func unknownFieldsInABodyAreIgnored() throws {
        let frames = [Data("interlude/1".utf8), Data("status".utf8), Data("c".utf8), Data(#"{"job":"j","since":"future"}"#.utf8)]
        #expect(try Frames.decode(frames, as: ClientRequest.self).message == .status(.init(job: "j")))
    }

    @Test func aWaitingJobEncodesItsDerivedStateAndDecodesBack() throws {
        let data = try JSONCoding.encoder.encode(Examples.job)
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["state"] as? String == "waiting")
        for key in ["id", "operation", "input", "state", "presentation", "result", "error", "createdAt", "updatedAt"] {
            #expect(object.keys.contains(key), "missing \(key)")
        }
        #expect(try JSONCoding.decoder.decode(Job.self, from: data) == Examples.job)
    }
}
