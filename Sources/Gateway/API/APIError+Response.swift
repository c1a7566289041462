import Presentation
import Schema

extension APIError {
    private struct Envelope: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let resolution: Resolution?
            let carriesResolution: Bool
            let violations: [SchemaViolation]?

            private enum CodingKeys: String, CodingKey { case code, message, resolution, violations }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(code, forKey: .code)
                try container.encode(message, forKey: .message)
                if carriesResolution { try container.encode(resolution, forKey: .resolution) }
                try container.encodeIfPresent(violations, forKey: .violations)
            }
        }
        let error: Detail
    }

    /// `{"error": {"code", "message"}}` (plus `resolution` on answer conflicts, `violations` on an input
    /// that breaks its schema) with the status and headers.
    public var response: HTTPResponse {
        let detail = Envelope.Detail(
            code: code, message: message, resolution: resolution, carriesResolution: carriesResolution, violations: violations)
        var response = HTTPResponse.json(status, Envelope(error: detail))
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
