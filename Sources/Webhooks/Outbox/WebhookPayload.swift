import Foundation
import JSON
import Presentation
import Wire

/// The JSON body of an outgoing webhook: `{"type", "timestamp", "data": {…}}`, Standard Webhooks style.
struct WebhookPayload: Encodable {
    /// What a subscriber needs to answer a pending presentation through the gateway: where, how, and
    /// the actions (`{"id", "label", "role"}`, plus `localization` when the action has one).
    struct AnswerLink: Encodable {
        let url: String
        let method = "POST"
        let actions: [Action]
    }

    /// The event itself, plus the answer link on `presentation.pending` and `presentation.escalated`.
    struct Body: Encodable {
        let sequence: Int64
        let job: JobSummary?
        let presentation: Presentation?
        let resolution: Resolution?
        let answer: AnswerLink?
        /// On `presentation.approved`: the action's approvals so far and how many it needs.
        let approvals: ApprovalProgress?
    }

    let type: String
    let timestamp: Date
    let data: Body

    /// The payload of `event`; answer URLs start with `publicURL` (no trailing slash). A job's error names no
    /// absolute server path (`ServerPaths`).
    init(event: Event, publicURL: String) {
        type = event.type.rawValue
        timestamp = event.at
        let answer = event.presentation.flatMap { presentation in
            // An escalated question is new to the people it now reaches: they get the link too.
            event.type == .presentationPending || event.type == .presentationEscalated ? Self.answerLink(presentation, publicURL: publicURL) : nil
        }
        data = Body(
            sequence: event.sequence, job: event.job.map(ServerPaths.redacted), presentation: event.presentation, resolution: event.resolution,
            answer: answer, approvals: event.approvals)
    }

    /// The body bytes: sorted keys and ISO 8601 dates, so every attempt sends the same bytes. Written by
    /// `JSONWriter`, byte for byte what `JSONCoding.encoder` gives for the same payload.
    static func body(for event: Event, publicURL: String) throws -> Data {
        try JSONWriter.encode(WebhookPayload(event: event, publicURL: publicURL), capacity: 1_024)
    }

    private static func answerLink(_ presentation: Presentation, publicURL: String) -> AnswerLink {
        let id = presentation.id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"]))
        return AnswerLink(
            url: "\(publicURL)/v1/presentations/\(id ?? presentation.id)/answer",
            actions: presentation.actions)
    }
}

extension WebhookPayload: JSONWritable {
    /// Writes the payload as the synthesized `encode(to:)` does, keys sorted.
    func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("data", data)
        try writer.member("timestamp", timestamp)
        try writer.member("type", type)
        writer.endObject()
    }
}

extension WebhookPayload.Body: JSONWritable {
    /// Writes the event's fields as the synthesized `encode(to:)` does: the optional ones only when set.
    func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("answer", answer)
        try writer.field("approvals", approvals)
        try writer.field("job", job)
        try writer.field("presentation", presentation)
        try writer.field("resolution", resolution)
        try writer.member("sequence", sequence)
        writer.endObject()
    }
}

extension WebhookPayload.AnswerLink: JSONWritable {
    /// Writes the link as the synthesized `encode(to:)` does.
    func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("actions", actions)
        try writer.member("method", method)
        try writer.member("url", url)
        writer.endObject()
    }
}
