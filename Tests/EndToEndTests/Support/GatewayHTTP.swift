import Foundation
import Presentation
import Wire
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response from the gateway as a test reads it.
struct HTTPReply: CustomStringConvertible {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }
    var description: String { "HTTP \(status) \(text)" }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

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
    /// Its code as text (the gateway's own codes are not `WireError` codes).
    var errorCode: String? { (try? decode(JSONValue.self))?["error"]?["code"]?.stringValue }
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
        let (data, response) = try await roundTrip(request)
        guard let http = response as? HTTPURLResponse else { throw EndToEndFailure("\(method) \(path): not an HTTP response") }
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
        return HTTPReply(status: http.statusCode, headers: fields, body: data)
    }
}

/// One URLSession round trip through a completion handler. The async `data(for:)` is not used: cancelling
/// it (as a timeout race does) can deadlock swift-corelibs-foundation; `timeoutInterval` bounds the wait.
func roundTrip(_ request: URLRequest) async throws -> (Data, URLResponse) {
    try await withCheckedThrowingContinuation { continuation in
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { return continuation.resume(throwing: error) }
            guard let response else { return continuation.resume(throwing: URLError(.badServerResponse)) }
            continuation.resume(returning: (data ?? Data(), response))
        }.resume()
    }
}
