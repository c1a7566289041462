import Foundation
import JSON
import Presentation
import Resolver
import Testing
import Wire

/// The resolver takes a question's operation from the event's job, whether the event carries the job
/// summed up (as the broker publishes now) or whole (as events were journaled before).
struct SessionEventShapeTests {
    typealias F = SessionFixtures

    @Test(arguments: [false, true])
    func aPendingEventAddsTheQuestionWithItsOperation(journaledWhole: Bool) throws {
        var json = try JSONCoding.decoder.decode([String: JSONValue].self, from: Frames.json(F.pending(3, at: 11)))
        if journaledWhole {
            var job = F.job(3)
            job.presentation = F.presentation(3)
            json["job"] = try JSONCoding.decoder.decode(JSONValue.self, from: JSONCoding.encoder.encode(job))
        }
        let event = try Event.decode([Data("presentation.pending".utf8), JSONCoding.encoder.encode(json)])
        var session = ResolverSession()
        _ = session.start(F.snapshot([], at: 10))
        #expect(F.presented(session.receive(event)) == ["p-3"])
        #expect(session.pending.entry("p-3")?.operation == "removeDownload")
    }
}
