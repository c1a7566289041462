import Foundation
import Gateway
import HTTPServer
import JSON
import Log
import Presentation
import Wire

/// Bytes read as an HTTP request (`METHOD target` line, header lines, an empty line, the body) and run
/// through the gateway's request path without sockets: its origin rules, a router with the API's route
/// patterns whose handlers read path parameters, query items and the JSON body as the API does, and the
/// error mapping and security headers. Every answer must have a real status, and every error must be
/// the JSON error body.
enum HTTPRequestFuzz {
    static let policy = OriginPolicy(publicURL: URL(string: "https://interlude.example"), allowedOrigins: ["https://app.example"])

    static let handler: MiddlewareStack = {
        var router = Router()
        let patterns: [(HTTPMethod, String)] = [
            (.get, "/healthz"), (.get, "/metrics"), (.get, "/v1/openapi.json"), (.get, "/v1/events"),
            (.post, "/v1/operations"), (.get, "/v1/operations"), (.get, "/v1/operations/{name}"),
            (.get, "/v1/jobs"), (.get, "/v1/jobs/{id}"), (.post, "/v1/jobs/{id}/cancel"), (.get, "/v1/jobs/{id}/history"),
            (.get, "/v1/presentations"), (.get, "/v1/presentations/{id}"), (.post, "/v1/presentations/{id}/answer"),
            (.get, "/v1/webhooks/deliveries"), (.post, "/v1/webhooks/operations"),
        ]
        for (method, pattern) in patterns {
            router.add(method, pattern) { request in try respond(request) }
        }
        let log = Log("fuzz", level: .error, sink: { _ in })
        return MiddlewareStack([ErrorMapping(log: log), SecurityHeaders()], responder: router)
    }()

    static func run(_ data: Data) {
        guard let request = request(from: data) else { return }
        let response: HTTPResponse
        switch policy.verdict(method: request.method, path: request.path, headers: request.headers) {
        case .refuse(let status, let code, let message):
            response = .error(status, code: code, message: message)
        case .serve, .preflight:
            response = wait { await handler.handle(request) }
        }
        precondition((100...599).contains(response.status), "status \(response.status)")
        if response.status >= 400 {
            let body = response.bodyData ?? Data()
            guard case .object(let fields)? = try? JSONCoding.decoder.decode(JSONValue.self, from: body), case .object? = fields["error"] else {
                preconditionFailure("a \(response.status) without the JSON error body: \(String(decoding: body, as: UTF8.self))")
            }
        }
    }

    /// What the API's handlers read: path parameters, `limit`, `state` and `cursor`, and a JSON object body.
    static func respond(_ request: HTTPRequest) throws -> HTTPResponse {
        for name in ["id", "name"] {
            if let value = request.pathParameters[name], TextRules.firstControl(in: value) != nil {
                throw HTTPError(400, "invalidPath", "the path holds a control character")
            }
        }
        if let limit = request.query("limit"), !(Int(limit).map { (1...500).contains($0) } ?? false) {
            throw HTTPError(400, "badRequest", "limit must be a whole number from 1 to 500")
        }
        if let cursor = request.query("cursor"), cursor.isEmpty { throw HTTPError(400, "badRequest", "cursor must not be empty") }
        guard request.method == .post else { return .json(["path": request.path]) }
        do {
            try JSONReader.check(request.body, limits: MessageLimits.standard.json)
        } catch {
            throw HTTPError(400, "malformedJSON", "\(error)")
        }
        guard case .object(let fields)? = try? JSONCoding.decoder.decode(JSONValue.self, from: request.body) else {
            throw HTTPError(422, "invalidBody", "the body must be a JSON object")
        }
        return .json(202, ["keys": fields.count])
    }

    /// The request the bytes describe, or nil when there is no request line.
    static func request(from data: Data) -> HTTPRequest? {
        let (head, body) = split(data)
        var lines = String(decoding: head, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        guard !lines.isEmpty else { return nil }
        let requestLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard requestLine.count >= 2 else { return nil }
        let target = requestLine[1]
        let question = target.firstIndex(of: "?")
        let path = String(question.map { target[..<$0] } ?? target[...])
        let query = question.map { String(target[target.index(after: $0)...]) } ?? ""
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(name: String(line[..<colon]), value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return HTTPRequest(
            method: HTTPMethod(rawValue: String(requestLine[0])), path: path, queryItems: items(query), headers: headers, body: body,
            remoteAddress: "127.0.0.1")
    }

    static func items(_ query: String) -> [URLQueryItem] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                let spaced = text.replacingOccurrences(of: "+", with: " ")
                return spaced.removingPercentEncoding ?? spaced
            }
            return URLQueryItem(name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : nil)
        }
    }

    static func split(_ data: Data) -> (head: Data, body: Data) {
        guard let range = data.range(of: Data("\r\n\r\n".utf8)) ?? data.range(of: Data("\n\n".utf8)) else { return (data, Data()) }
        return (data[..<range.lowerBound], data[range.upperBound...])
    }

    /// Runs async work to its end from synchronous code (the fuzzer's callback).
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable {  // written once before the semaphore is signalled
    var value: T?
}
