public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// An HTTP response as a test reads it: status, headers (looked up without regard to case) and body.
public struct HTTPReply: Sendable, CustomStringConvertible {
    /// The status code.
    public let status: Int
    /// The header fields as received.
    public let headers: [String: String]
    /// The body bytes.
    public let body: Data

    /// A reply with these parts.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// `HTTP 404 {"error": …}`, for failure messages.
    public var description: String { "HTTP \(status) \(text)" }

    /// The first value of the header `name`, whatever its case.
    public func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    /// The `code` of an `{"error": {"code": …}}` body, or nil.
    public var errorCode: String? {
        let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}

/// Sends one request with URLSession and returns the reply, whatever its status. A reply from a gateway
/// `GatewayConformance` knows is checked against its OpenAPI document.
///
/// A completion handler is used rather than the async `data(for:)`: cancelling that (as a timeout race
/// does) can deadlock swift-corelibs-foundation. `request.timeoutInterval` bounds the wait.
public func roundTrip(_ request: URLRequest) async throws -> HTTPReply {
    let (reply, url) = try await exchangeFollowed(request)
    await GatewayConformance.check(request, reply, url: url)
    return reply
}

/// `roundTrip` without the check.
func exchange(_ request: URLRequest) async throws -> HTTPReply {
    try await exchangeFollowed(request).reply
}

/// The reply and the URL that gave it (redirects followed).
private func exchangeFollowed(_ request: URLRequest) async throws -> (reply: HTTPReply, url: URL?) {
    try await withCheckedThrowingContinuation { continuation in
        URLSession.shared.dataTask(with: request) { data, response, error in
            if let error { return continuation.resume(throwing: error) }
            guard let http = response as? HTTPURLResponse else { return continuation.resume(throwing: URLError(.badServerResponse)) }
            var fields: [String: String] = [:]
            for (name, value) in http.allHeaderFields { fields["\(name)"] = "\(value)" }
            continuation.resume(returning: (HTTPReply(status: http.statusCode, headers: fields, body: data ?? Data()), http.url))
        }.resume()
    }
}
