import Foundation
import HTTPServer
import JSON
import Presentation
import Wire

extension API {
    /// The path of a bulk submit; its body may be as large as a message (`maxBatchBodyBytes`).
    static let batchPath = "/v1/operations/batch"

    /// `POST /v1/operations/batch` (bearer token, the submit scope): many inputs of one operation in one request.
    var batchRoute: GatewayRoute {
        GatewayRoute(
            .post, Self.batchPath, access: .scope(.submit),
            RouteDescription(
                "Submit many inputs of one operation", id: "submitOperations", body: "SubmitBatchRequest",
                responses: [
                    .ok(200, "Each item's job id, or its error (the error body of a single submit), in the order of the items.", "SubmitBatchReply"),
                    .error(400, "The body is not JSON."),
                    .error(413, "The body, or (with atomic) an item's input, is too large."),
                    .error(422, "The body's shape is wrong, or (with atomic) an item was refused: the error names the first one."),
                ])
        ) { request, _ throws(APIError) in
            try await submitMany(request)
        }
    }

    /// Reads the batch, sends it to the broker as one `submitMany` and answers with the broker's reply as it wrote it.
    func submitMany(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let body = try BatchBody.read(request.body, limits: configuration.limits.json)
        guard case .string(let operation)? = body.fields["operation"], !operation.isEmpty else {
            throw .invalid("\"operation\" is required: the name of an operation, such as removeDownload.")
        }
        guard let items = body.items, !items.isEmpty else {
            throw .invalid("\"items\" is required: an array of {\"input\", \"idempotencyKey\"} objects, at least one.")
        }
        for (index, item) in items.enumerated() {
            if let key = item.idempotencyKey, key.hasPrefix(Self.webhookKeyPrefix) {
                throw .invalid(
                    "items[\(index)].idempotencyKey must not start with \"\(Self.webhookKeyPrefix)\"; that prefix is reserved for incoming webhooks.")
            }
        }
        let atomic: Bool?
        switch body.fields["atomic"] {
        case nil, .null?: atomic = nil
        case .bool(let value)?: atomic = value
        default: throw .invalid("\"atomic\" must be true or false.")
        }
        let batch = ClientRequest.SubmitMany(
            operation: operation, items: items, answerWithin: try Self.answerWithin(body.fields["answerWithin"]),
            audience: try Self.audience(body.fields["audience"]), atomic: atomic)
        do {
            try configuration.limits.check(batch: batch)
        } catch {
            throw APIError(error)
        }
        return try await passedOn(.submitMany(batch), expecting: "submitted")
    }
}

/// A bulk submit's body: its items read with their inputs' bytes, every other member as a value.
struct BatchBody: JSONReadable {
    var fields: [String: JSONValue] = [:]
    var items: [ClientRequest.SubmitMany.Item]?

    init(reading reader: inout JSONReader) throws(JSONReadError) {
        try reader.readObject { reader, key throws(JSONReadError) in
            if key == "items" {
                if items == nil { items = try reader.readIfPresent() } else { try reader.skipValue() }
            } else if fields[key] == nil {
                fields[key] = try reader.read()
            } else {
                try reader.skipValue()
            }
        }
    }

    /// The body, or 400 when it is not JSON and 422 when it is JSON of another shape.
    static func read(_ data: Data, limits: JSONLimits) throws(APIError) -> BatchBody {
        guard !data.isEmpty else { throw .badRequest("The body is empty; expected a JSON object.", code: "malformedJSON") }
        do {
            return try JSONReader.read(BatchBody.self, from: data, limits: limits)
        } catch {
            guard (try? JSONReader.read(JSONValue.self, from: data, limits: limits)) != nil else {
                throw .badRequest("The body is not valid JSON: \(error.reason)", code: "malformedJSON")
            }
            throw .invalid(
                "The body must be an object whose \"items\" is an array of {\"input\", \"idempotencyKey\"} objects (\(error.reason) at byte \(error.offset)).")
        }
    }
}
