import Foundation
import HTTPServer
import JSON
import Presentation
import Wire

extension API {
    /// `POST /v1/operations` (bearer token) and `POST /v1/webhooks/operations` (Standard Webhooks signature).
    var operationRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .post, "/v1/operations", access: .scope(.submit),
                RouteDescription(
                    "Submit an operation", id: "submitOperation",
                    parameters: [Parameter.header("Idempotency-Key", "The same key returns the job it already created.")],
                    body: "SubmitRequest", responses: Self.submitted + [.error(413, "The body is too large.")])
            ) { request, _ throws(APIError) in
                try await submit(request, idempotencyKey: try Self.idempotencyKey(request))
            },
            GatewayRoute(
                .post, "/v1/webhooks/operations", access: .signature,
                RouteDescription(
                    "Submit an operation by signed webhook", id: "submitOperationByWebhook",
                    parameters: [
                        Parameter.header("webhook-id", "Message id; a repeated id returns the same job."),
                        Parameter.header("webhook-timestamp", "Seconds since 1970."),
                    ],
                    body: "SubmitRequest", responses: Self.submitted)
            ) { request, _ throws(APIError) in
                try await submitWebhook(request)
            },
        ]
    }

    /// What both submit routes answer (the token route adds 413).
    private static let submitted: [RouteDescription.Response] = [
        .ok(202, "The queued job (the same one for a repeated key); Location: /v1/jobs/{id}.", "Job"),
        .error(400, "The body is not JSON."), .error(422, "Unknown operation, or input that does not fit it."),
    ]

    /// Queues `{"operation", "input"}` and answers 202 with the job and its `Location`.
    func submit(_ request: HTTPRequest, idempotencyKey: String?) async throws(APIError) -> HTTPResponse {
        let body = try RequestBody(request)
        guard let operation = try body.string("operation") else {
            throw .invalid("\"operation\" is required: the name of an operation, such as removeDownload.")
        }
        // The input's own bytes, as the client spelled them: the broker checks them and passes them on.
        let input = body.fields["input"].flatMap { $0 == .null ? nil : body.raw["input"] } ?? .emptyObject
        let within = try Self.answerWithin(body.fields["answerWithin"])
        let audience = try Self.audience(body.fields["audience"])
        var (id, response) = try await jobResponse(
            .submit(.init(operation: operation, input: input, idempotencyKey: idempotencyKey, answerWithin: within, audience: audience)),
            status: 202)
        response.headers["Location"] = "/v1/jobs/\(id)"
        return response
    }

    /// `audience`: `{"users": [names], "groups": [names]}`; 422 for anything else.
    static func audience(_ value: JSONValue?) throws(APIError) -> Audience? {
        guard let value, value != .null else { return nil }
        let refusal = APIError.invalid("\"audience\" must be {\"users\": [names], \"groups\": [names]} naming at least one.")
        guard case .object(let fields) = value, Set(fields.keys).isSubset(of: ["users", "groups"]) else { throw refusal }
        func names(_ key: String) throws(APIError) -> [String] {
            switch fields[key] {
            case nil, .null?: return []
            case .array(let items)?:
                return try items.map { item throws(APIError) -> String in
                    guard case .string(let name) = item else { throw refusal }
                    return name
                }
            default: throw refusal
            }
        }
        let audience = Audience(users: try names("users"), groups: try names("groups"))
        if let problem = audience.problem { throw .invalid(problem) }
        return audience
    }

    /// `answerWithin`: seconds as a number, or a duration string such as "30m"; 422 for anything else.
    static func answerWithin(_ value: JSONValue?) throws(APIError) -> TimeInterval? {
        switch value {
        case nil, .null?: return nil
        case .number(let seconds)? where seconds > 0: return seconds
        case .integer(let seconds)? where seconds > 0: return TimeInterval(seconds)
        case .string(let text)?: if let seconds = DurationText.seconds(text) { return seconds }
        default: break
        }
        throw .invalid("\"answerWithin\" must be a number of seconds or a duration such as \"30m\", \"2h\" or \"1h30m\".")
    }

    /// The `Idempotency-Key` header; keys starting `webhook:` belong to incoming webhooks.
    static func idempotencyKey(_ request: HTTPRequest) throws(APIError) -> String? {
        guard let raw = request.headers["Idempotency-Key"] else { return nil }
        let key = raw.trimmingWhitespace()
        guard !key.isEmpty, key.utf8.count <= 255 else {
            throw .badRequest("Idempotency-Key must be 1 to 255 bytes.")
        }
        guard !key.hasPrefix(webhookKeyPrefix) else {
            throw .badRequest("Idempotency-Key must not start with \"\(webhookKeyPrefix)\"; that prefix is reserved for incoming webhooks.")
        }
        return key
    }

    static let webhookKeyPrefix = "webhook:"
}
