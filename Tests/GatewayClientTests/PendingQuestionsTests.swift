import Foundation
import Presentation
import Testing
import Wire

@testable import GatewayClient

@Suite("The store's pending questions") struct PendingQuestionsTests {
    static let ana = GatewayCaller(name: "ana", groups: ["ops"])

    static func question(_ id: String, at seconds: TimeInterval, audience: Audience? = nil) throws -> Presentation {
        var draft = Presentation.Draft.alert("Remove \(id)?", actions: [Action(id: "remove", label: "Remove", role: .destructive)])
        draft.audience = audience
        return try Presentation(draft, id: id, job: "job-\(id)", sequence: 1, createdAt: Date(timeIntervalSince1970: seconds))
    }

    static func pending(_ presentation: Presentation, _ sequence: Int64, type: Event.Kind = .presentationPending) -> Event {
        Event(sequence: sequence, type: type, at: Date(), presentation: presentation)
    }

    static func resolved(_ id: String, _ sequence: Int64, by: String = "bob") -> Event {
        let resolution = Resolution(presentation: id, job: "job-\(id)", cause: .answered, action: "remove", by: by, channel: "web", at: Date())
        return Event(sequence: sequence, type: .presentationResolved, at: Date(), resolution: resolution)
    }

    @Test("Oldest first; only what the caller may answer; a repeat or a reminder adds nothing; an ended one never comes back")
    func keepsTheQueue() throws {
        var questions = PendingQuestions(caller: Self.ana)
        let (a, b, c) = (try Self.question("a", at: 10), try Self.question("b", at: 20), try Self.question("c", at: 30, audience: Audience(groups: ["ops"])))
        let other = try Self.question("x", at: 5, audience: Audience(users: ["bob"]))
        questions.start([b, other])
        #expect(questions.questions.map(\.id) == ["b"], "bob's question is not ana's")
        questions.receive(Self.pending(c, 2))
        questions.receive(Self.pending(a, 3))
        questions.receive(Self.pending(a, 4, type: .presentationReminder))
        #expect(questions.questions.map(\.id) == ["a", "b", "c"])
        let ending = questions.receive(Self.resolved("a", 5))
        #expect(ending?.0.id == "a" && ending?.1.by == "bob")
        #expect(questions.first?.id == "b")
        questions.receive(Self.pending(a, 6, type: .presentationReminder))
        #expect(questions.questions.map(\.id) == ["b", "c"], "an ended question is not taken back")
        #expect(questions.end("b")?.id == "b")
        #expect(questions.receive(Self.resolved("b", 7)) == nil, "answered here: its resolution ends nothing more")
        #expect(questions.questions.map(\.id) == ["c"])
    }
}
