import Broker
import Foundation
import Journal
import Presentation
import Schema
import Testing
import Wire

/// Text fields in answers: checked where the answer arrives, secure values kept out of everything but the resumption.
@Suite struct TextAnswerTests {
    static let draft: Presentation.Draft = {
        var draft = Presentation.Draft.alert(
            "Sign in to the drive", actions: [Action(id: "connect", label: "Connect"), Action(id: "cancel", label: "Cancel", role: .cancel)])
        draft.fields = [
            TextFieldState(id: "user", label: "User", required: true, pattern: "[a-z]+"),
            .secure(id: "password", label: "Password", required: true, minLength: 8),
        ]
        return draft
    }()

    static let secret = "correct horse battery"

    func asked() -> (BrokerHarness, Presentation) {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let (job, _) = broker.submit()
        let effects = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: Self.draft)))
        return (broker, Presented.first(effects))
    }

    @Test func valuesTheFieldsRefuseAreRefusedNamingEachFieldAndChangeNothing() {
        var (broker, question) = asked()
        let effects = broker.client(
            .answer(
                .init(
                    presentation: question.id, action: "connect", by: "ana", channel: "cli", values: ["user": "Ana!", "password": "short", "extra": "x"])))
        guard case .error(let error)? = BrokerHarness.replies(effects).first else {
            Issue.record("not refused: \(effects)")
            return
        }
        #expect(error.code == .invalidAnswer)
        #expect(error.violations?.map(\.path) == ["extra", "user", "password"], "\(error)")
        #expect(error.violations?.first { $0.path == "password" }?.message == "has 5 characters; at least 8")
        #expect(!error.message.contains("short") && !error.message.contains("Ana!"), "a refusal repeats no value: \(error.message)")
        #expect(BrokerHarness.commands(effects, to: "w1").isEmpty, "the job is not resumed")
        let cancelled = broker.client(.answer(.init(presentation: question.id, action: "cancel", by: "ana", channel: "cli")))
        #expect(
            BrokerHarness.replies(cancelled).first.map { if case .resolution = $0 { true } else { false } } == true,
            "the cancel action asks for no field")
    }

    @Test func aSecureValueReachesOnlyTheResumption() throws {
        var (broker, question) = asked()
        let effects = broker.client(
            .answer(
                .init(
                    presentation: question.id, action: "connect", by: "ana", channel: "web", values: ["user": "ana", "password": Self.secret])))
        let resume = BrokerHarness.commands(effects, to: "w1").compactMap { if case .resume(let resume) = $0 { resume } else { nil } }.first
        #expect(resume?.secureValues == ["password": Self.secret])
        #expect(resume?.fullResolution.values == ["user": "ana"])
        #expect(resume?.fullResolution.secureValues == ["password": Self.secret])
        // Everything else the answer produced, encoded as it travels or is stored: no secret in any of it.
        var everythingElse: [String] = []
        for effect in effects {
            switch effect {
            case .persist(let change): everythingElse.append("\(change)")
            case .publish(let event): everythingElse.append(String(decoding: try Frames.json(event), as: UTF8.self))
            case .reply(_, _, let reply): everythingElse.append(String(decoding: try reply.body(), as: UTF8.self))
            case .log(_, let line, _): everythingElse.append(line)
            case .send(_, _, .resume(let resume)): everythingElse.append(String(decoding: try Frames.json(resume.resolution), as: UTF8.self))
            default: everythingElse.append("\(effect)")
            }
        }
        #expect(everythingElse.contains { $0.contains("\"user\":\"ana\"") }, "the plain value is journaled and published")
        #expect(!everythingElse.contains { $0.contains(Self.secret) }, "\(everythingElse.filter { $0.contains(Self.secret) })")
        let wire = String(decoding: try BrokerCommand.resume(try #require(resume)).body(), as: UTF8.self)
        #expect(wire.contains("\"secureValues\":{\"password\""), "the resumption carries it once")
    }
}

private enum Presented {
    static func first(_ effects: [BrokerEffect]) -> Presentation { BrokerHarness.presented(effects, to: "w1")! }
}
