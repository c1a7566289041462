import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A response as a test client saw it.
struct Received: Sendable {
    let status: Int
    let headers: [String: String]
    let body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The error code of a `{"error": {"code": …}}` body.
    var errorCode: String? {
        struct Envelope: Decodable {
            struct Detail: Decodable { let code: String; let message: String }
            let error: Detail
        }
        return try? JSONDecoder().decode(Envelope.self, from: body).error.code
    }

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// Parses a whole `Content-Length` response as read from a socket.
    init?(raw: Data) {
        guard let end = raw.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: raw[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        self.init(status: status, headers: headers, body: Data(raw[end.upperBound...]))
    }

    init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Sends one request with URLSession, bounded by `timeout`.
func fetch(
    _ method: String = "GET", port: Int, _ target: String, body: Data? = nil, headers: [String: String] = [:],
    timeout: Double = 15
) async throws -> Received {
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(target)")!)
    request.httpMethod = method
    request.httpBody = body
    request.timeoutInterval = timeout
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    let prepared = request
    let (data, response) = try await roundTrip(prepared)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
    return Received(status: http.statusCode, headers: fields, body: data)
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
