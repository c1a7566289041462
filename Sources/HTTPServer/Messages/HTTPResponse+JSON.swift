import Foundation
import JSON

extension HTTPResponse {
    /// `value` encoded with the project's `JSONCoding`, Content-Type application/json; failing to encode gives a 500.
    public static func json(_ status: Int, _ value: some Encodable) -> HTTPResponse {
        guard let body = try? JSONCoding.encoder.encode(value) else {
            return .error(500, code: "encodingFailed", message: "The response could not be encoded as JSON.")
        }
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// `value` encoded as JSON with status 200.
    public static func json(_ value: some Encodable) -> HTTPResponse {
        json(200, value)
    }
}
