import Foundation
import JSON
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

    /// Events of every kind a subscriber can receive, with the optional parts set and unset, strings that
    /// need escaping, a result, an error and an outcome.
    static var everyKind: [Event] {
        let at = OutboxEvents.at
        let answered = Resolution(
            presentation: "prs_1", job: "job_1", cause: .answered, action: "remove", by: "ana \"é\"\n", channel: "webhook", at: at,
            values: ["note": "tab\there / ünïcode 🎵"])
        let expired = Resolution(presentation: "prs/2 ?", job: "job_2", cause: .expired, action: nil, by: nil, channel: nil, at: at)
        let ended = JobSummary(
            id: "job_1", operation: "removeDownload", state: .succeeded, attempts: 2, updatedAt: at.addingTimeInterval(0.123),
            result: .object(["removed": .bool(true), "bytes": .number(1.5e9), "path": .string("/a/b"), "none": .null]),
            outcome: Job.Outcome(answered))
        let failed = JobSummary(
            id: "job_3", operation: "fetch", state: .failed, attempts: 8, updatedAt: at,
            error: Job.Failure(code: "timeout", message: "no answer in 5 s\u{1}"))
        let cancelled = JobSummary(id: "job_4", operation: "fetch", state: .cancelled, attempts: 0, updatedAt: at)
        let spaced = OutboxEvents.presentation("prs/2 ?", job: "job_2")
        let approvals = [
            Approval(action: "deploy", by: "ana \"é\"", channel: "cli", at: at), Approval(action: "deploy", by: "bob", channel: "http", at: at),
        ]
        let approved = Resolution(
            presentation: "prs_5", job: "job_5", cause: .answered, action: "deploy", by: "bob", channel: "http", at: at, approvals: approvals)
        let waiting = JobSummary(id: "job_5", operation: "deployRelease", state: .waiting, attempts: 1, updatedAt: at)
        var escalating = Presentation.Draft.alert("Deploy?", actions: [Action(id: "deploy", label: "Deploy")])
        escalating.audience = Audience(users: ["ana"])
        escalating.escalation = Escalation(afterSeconds: 60, to: Audience(groups: ["leads"]))
        let widened = try! Presentation(escalating, id: "prs_5", job: "job_5", sequence: 1, createdAt: at).escalated(at: at.addingTimeInterval(61))!
        return [
            OutboxEvents.pending(1), OutboxEvents.succeeded(2), OutboxEvents.queued(3),
            Event(sequence: 4, type: .presentationPending, at: at, job: OutboxEvents.job("job_2", presentation: spaced), presentation: spaced),
            Event(sequence: 5, type: .presentationReminder, at: at, job: OutboxEvents.job("job_2", presentation: spaced), presentation: spaced),
            Event(sequence: 6, type: .presentationResolved, at: at, job: ended, resolution: answered),
            Event(sequence: 7, type: .presentationResolved, at: at, resolution: expired),
            Event(sequence: 8, type: .jobSucceeded, at: at, job: ended),
            Event(sequence: 9, type: .jobFailed, at: at, job: failed),
            Event(sequence: 10, type: .jobCancelled, at: at, job: cancelled),
            Event(
                sequence: 11, type: .presentationApproved, at: at, job: waiting,
                approvals: ApprovalProgress(presentation: "prs_5", action: "deploy", needed: 2, approvals: Array(approvals.prefix(1)))),
            Event(sequence: 12, type: .presentationResolved, at: at, job: waiting, resolution: approved),
            Event(sequence: 13, type: .presentationEscalated, at: at, job: OutboxEvents.job("job_5", presentation: widened), presentation: widened),
        ]
    }

    @Test(arguments: everyKind)
    func theWrittenBodyIsByteForByteWhatTheEncoderGave(event: Event) throws {
        let payload = WebhookPayload(event: event, publicURL: "https://gateway.example/base")
        let encoded = try JSONCoding.encoder.encode(payload)
        let written = try WebhookPayload.body(for: event, publicURL: "https://gateway.example/base")
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        let data = try Self.data(written)
        #expect(data["sequence"] == .integer(event.sequence))
        // The people an escalation adds get the link too.
        #expect((data["answer"] != nil) == (event.type == .presentationPending || event.type == .presentationEscalated))
        #expect((data["approvals"] != nil) == (event.type == .presentationApproved))
    }
}
