import Foundation
import HTTPServer
import JSON
import Presentation

extension HTTPResponse {
    /// `value` as JSON written by its hand-written `JSONWriter`: the bytes `json(_:_:)` gives, without
    /// `Codable`'s cost on the submit path; should the writer refuse, the encoder is used.
    static func written(_ status: Int, _ value: some JSONWritable & Encodable) -> HTTPResponse {
        guard let body = try? JSONWriter.encode(value) else { return .json(status, value) }
        return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }
}
