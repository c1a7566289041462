import Presentation

extension APIError {
    private struct Envelope: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let resolution: Resolution?
            let carriesResolution: Bool

            private enum CodingKeys: String, CodingKey { case code, message, resolution }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(code, forKey: .code)
                try container.encode(message, forKey: .message)
                if carriesResolution { try container.encode(resolution, forKey: .resolution) }
            }
        }
        let error: Detail
    }

    /// `{"error": {"code", "message"}}` (plus `resolution` on answer conflicts) with the status and headers.
    public var response: HTTPResponse {
        let detail = Envelope.Detail(code: code, message: message, resolution: resolution, carriesResolution: carriesResolution)
        var response = HTTPResponse.json(status, Envelope(error: detail))
        for field in headers { response.headers[field.name] = field.value }
        return response
    }
}
