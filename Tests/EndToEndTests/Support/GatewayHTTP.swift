import Foundation
import JSON
import Presentation
import TestSupport
import Wire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension HTTPReply {
    /// The body decoded as `T`.
    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try JSONCoding.decoder.decode(T.self, from: body)
        } catch {
            throw EndToEndFailure("expected a \(T.self) in \(self): \(error)")
        }
    }

    /// The `{"error": {…}}` body, or nil.
    var error: WireError? { (try? JSONCoding.decoder.decode([String: WireError].self, from: body))?["error"] }
}

/// Requests to a gateway at `base`, optionally with a bearer token; each bounded by `timeout`.
struct GatewayHTTP: Sendable {
    let base: String
    var token: String?

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("GET", path, body: nil, headers: headers)
    }

    func post(_ path: String, _ json: String, headers: [String: String] = [:]) async throws -> HTTPReply {
        try await send("POST", path, body: Data(json.utf8), headers: ["Content-Type": "application/json"].merging(headers) { _, new in new })
    }

    func send(_ method: String, _ path: String, body: Data?, headers: [String: String], timeout: TimeInterval = 10) async throws -> HTTPReply {
        guard let url = URL(string: base + path) else { throw EndToEndFailure("bad URL \(base + path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = timeout
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await roundTrip(request)
    }
}
