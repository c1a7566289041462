import Broker
import Foundation
import JSON
import Presentation
import Testing
import Wire

/// Questions meant for some people: everyone else's answers are refused, naming the rule, and recorded.
@Suite struct AudienceTests {
    func asked(_ audience: Audience) -> (BrokerHarness, Presentation) {
        var broker = BrokerHarness()
        _ = broker.ready("w1")
        let effects = broker.client(.submit(.init(operation: "removeDownload", input: .object([:]), audience: audience)))
        let job = BrokerHarness.replies(effects).compactMap { if case .job(let job) = $0 { job } else { nil } }.first!
        #expect(job.audience == audience)
        var draft = BrokerHarness.removeDraft
        draft.audience = Audience(users: ["someone-else"])
        let asked = broker.worker("w1", .present(.init(job: job.id, attempt: 1, sequence: 1, draft: draft)))
        return (broker, BrokerHarness.presented(asked, to: "w1")!)
    }

    @Test func anAnswerFromOutsideTheAudienceIsRefusedNamingTheRuleAndRecorded() {
        var (broker, question) = asked(Audience(users: ["ana"], groups: ["ops"]))
        #expect(question.audience == Audience(users: ["ana"], groups: ["ops"]), "the job's audience replaces the operation's")
        let effects = broker.client(.answer(.init(presentation: question.id, action: "cancel", by: "bob", channel: "web", groups: ["dev"])))
        guard case .error(let error)? = BrokerHarness.replies(effects).first else {
            Issue.record("not refused: \(effects)")
            return
        }
        #expect(error.code == .forbidden)
        #expect(error.message == "presentation \(question.id) is for users ana; groups ops only; bob (groups dev) is not among them")
        let refused = HistoryTests.entries(effects).first
        #expect(refused?.type == .refused && refused?.by == "bob" && refused?.error?.code == "forbidden")
        #expect(BrokerHarness.commands(effects, to: "w1").isEmpty)
        let dismissed = broker.client(.answer(.init(presentation: question.id, action: nil, dismiss: true, by: "bob", channel: "web")))
        #expect(
            BrokerHarness.replies(dismissed).first.map { if case .error(let e) = $0 { e.code == .forbidden } else { false } } == true,
            "dismissing is answering too")
    }

    @Test(arguments: [("ana", [String]()), ("carol", ["dev", "ops"])])
    func aUserNamedOrAMemberOfANamedGroupMayAnswer(_ name: String, _ groups: [String]) {
        var (broker, question) = asked(Audience(users: ["ana"], groups: ["ops"]))
        let effects = broker.client(.answer(.init(presentation: question.id, action: "cancel", by: name, channel: "cli", groups: groups)))
        #expect(BrokerHarness.replies(effects).first.map { if case .resolution = $0 { true } else { false } } == true, "\(effects)")
    }

    @Test func anAudienceNamingNobodyOrBadNamesIsRefusedAtSubmit() {
        for audience in [Audience(), Audience(users: ["a b"])] {
            #expect(throws: WireError.self) {
                try Admission(limits: .standard).check(.submit(.init(operation: "removeDownload", input: .object([:]), audience: audience)))
            }
        }
    }

    @Test func audienceListsReadAsTheSubmitOptionWritesThem() {
        #expect(Audience(list: "ana, bob,group:ops") == Audience(users: ["ana", "bob"], groups: ["ops"]))
        #expect(Audience(list: "") == nil && Audience(list: "group:") == nil && Audience(list: "a b") == nil)
        #expect(Audience(users: ["ana"], groups: ["ops"]).includes(name: "x", groups: ["ops"]))
        #expect(!Audience(users: ["ana"]).includes(name: "anna", groups: []))
    }
}
