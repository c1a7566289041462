import Foundation
import Presentation
import Testing
import Wire

@testable import Client

@Suite("A resent answer's refusal") struct ResentAnswerTests {
    let at = Date(timeIntervalSince1970: 1_800_000_000)

    func answer(by: String = "ana", channel: String = "http", action: String? = "remove", dismiss: Bool? = nil, values: [String: String]? = nil)
        -> ClientRequest.AnswerRequest
    {
        .init(presentation: "p1", action: action, dismiss: dismiss, by: by, channel: channel, values: values)
    }

    func resolution(
        cause: Resolution.Cause = .answered, action: String? = "remove", by: String? = "ana", channel: String? = "http", values: [String: String]? = nil
    ) -> Resolution {
        .init(presentation: "p1", job: "j1", cause: cause, action: action, by: by, channel: channel, at: at, values: values)
    }

    @Test("An answer the question was resolved by (the first broker committed it, then stopped) is its own success")
    func theOwnResolutionIsASuccess() throws {
        let won = resolution(values: ["note": "old"])
        let frames = Frames.encode(ClientRequest.answer(answer(values: ["note": "old", "secret": "s"])), correlation: "c-1")
        let refusal = WireError(.alreadyResolved, "presentation p1 was already answered", resolution: won)
        let reply = try #require(ResentAnswer.reply(to: frames, refusal: refusal, correlation: "c-1", limits: .standard))
        #expect(reply.correlation == "c-1")
        guard case .resolution(let resolution) = try BrokerReply.decode(type: reply.type, body: reply.body) else {
            Issue.record("expected a resolution, got \(reply.type)")
            return
        }
        #expect(resolution == won)
    }

    @Test("A dismissal is its own when the question was dismissed by the same person on the same channel")
    func aDismissalIsRecognized() {
        #expect(ResentAnswer.records(resolution(cause: .dismissed, action: "keep"), answer(action: nil, dismiss: true)))
        #expect(!ResentAnswer.records(resolution(cause: .answered, action: "keep"), answer(action: nil, dismiss: true)))
    }

    @Test(
        "Another's resolution stays a refusal",
        arguments: [
            ("another answerer", "bob", "http", "remove", nil),
            ("another channel", "ana", "web", "remove", nil),
            ("another action", "ana", "http", "keep", nil),
            ("other values", "ana", "http", "remove", ["note": "new"]),
            ("an unnamed answerer (the key's name is recorded)", "", "http", "remove", nil),
        ] as [(String, String, String, String, [String: String]?)])
    func anotherResolutionIsRefused(_ case: String, by: String, channel: String, action: String, values: [String: String]?) {
        let won = resolution(by: "ana", values: ["note": "old"])
        #expect(!ResentAnswer.records(won, answer(by: by, channel: channel, action: action, values: values ?? ["note": "old"])), "\(`case`)")
    }

    @Test("Only an alreadyResolved with its resolution, to an answer, is looked at")
    func otherRefusalsPassThrough() {
        let answerFrames = Frames.encode(ClientRequest.answer(answer()), correlation: "c")
        let stale = WireError(.stale, "presentation p1 is not pending")
        #expect(ResentAnswer.reply(to: answerFrames, refusal: stale, correlation: "c", limits: .standard) == nil)
        let bare = WireError(.alreadyResolved, "presentation p1 was already answered")
        #expect(ResentAnswer.reply(to: answerFrames, refusal: bare, correlation: "c", limits: .standard) == nil)
        let cancel = Frames.encode(ClientRequest.cancel(.init(job: "j1")), correlation: "c")
        let resolved = WireError(.alreadyResolved, "", resolution: resolution())
        #expect(ResentAnswer.reply(to: cancel, refusal: resolved, correlation: "c", limits: .standard) == nil)
    }
}
