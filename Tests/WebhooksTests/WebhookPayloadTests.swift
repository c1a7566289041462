import Foundation
import Presentation
import Testing
import Wire

@testable import Webhooks

/// The body a subscriber receives: the event's job summed up, the question once.
@Suite struct WebhookPayloadTests {
    static func data(_ body: Data) throws -> [String: JSONValue] {
        guard case .object(let payload) = try JSONCoding.decoder.decode(JSONValue.self, from: body), case .object(let data)? = payload["data"] else {
            throw WireError(.invalidBody, "no data object")
        }
        return data
    }

    @Test func aPendingQuestionsBodyCarriesTheJobWithoutItsInputAndTheQuestionOnce() throws {
        let body = try WebhookPayload.body(for: OutboxEvents.pending(1), publicURL: "https://gateway.example")
        let data = try Self.data(body)
        guard case .object(let job)? = data["job"] else {
            Issue.record("no job in \(String(decoding: body, as: UTF8.self))")
            return
        }
        #expect(Set(job.keys) == ["attempts", "id", "operation", "state", "updatedAt"])
        #expect(job["state"] == .string("waiting"))
        #expect(data["presentation"]?["id"] == .string("prs_1"))
        let text = String(decoding: body, as: UTF8.self)
        #expect(!text.contains("\"input\""))
        #expect(text.components(separatedBy: "\"title\":\"Remove download\"").count == 2, "the question once")
    }

    @Test func anEventJournaledWithTheWholeJobGivesTheSameBody() throws {
        let event = OutboxEvents.succeeded(3)
        var whole = try JSONCoding.decoder.decode([String: JSONValue].self, from: Frames.json(event))
        whole["job"] = try JSONCoding.decoder.decode(JSONValue.self, from: JSONCoding.encoder.encode(OutboxEvents.job("job_1", phase: .succeeded)))
        let old = try Event.decode([Data("job.succeeded".utf8), JSONCoding.encoder.encode(whole)])
        let body = try WebhookPayload.body(for: old, publicURL: "https://gateway.example")
        #expect(body == (try WebhookPayload.body(for: event, publicURL: "https://gateway.example")))
        #expect(try Self.data(body)["job"]?["state"] == .string("succeeded"))
    }
}
