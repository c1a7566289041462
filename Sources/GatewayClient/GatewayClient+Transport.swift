import Foundation
import JSON

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension GatewayClient {
    /// A response's status, headers and body.
    struct Response {
        let status: Int
        let body: Data
        let headers: [String: String]
    }

    /// Sends one request and returns a 2xx response; any other status throws the API's error.
    func send(
        _ method: String, _ path: String, query: [(String, String?)] = [], json body: Data? = nil, headers extra: [String: String] = [:]
    ) async throws(GatewayClientError) -> Response {
        var request = URLRequest(url: try url(path, query: query), timeoutInterval: timeout)
        request.httpMethod = method
        var fields = headers(extra)
        // The gateway asks every POST to say it is JSON, a body-less one (cancel) too.
        if body != nil || method == "POST" {
            request.httpBody = body ?? Data()
            fields["Content-Type"] = "application/json"
        }
        for (name, value) in fields { request.setValue(value, forHTTPHeaderField: name) }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw GatewayClientError(
                status: 0, code: GatewayClientError.unreachable,
                message: "cannot reach the gateway at \(base.absoluteString) (\(method) \(path): \(error.localizedDescription))")
        }
        guard let http = response as? HTTPURLResponse else {
            throw GatewayClientError(status: 0, code: GatewayClientError.unexpectedResponse, message: "\(method) \(path) got no HTTP response.")
        }
        guard (200..<300).contains(http.statusCode) else { throw GatewayClientError(status: http.statusCode, body: data) }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return Response(status: http.statusCode, body: data, headers: headers)
    }

    /// A wire type read with its own one-pass reader.
    static func read<T: JSONReadable>(_ type: T.Type, _ response: Response) throws(GatewayClientError) -> T {
        do {
            return try JSONReader.read(T.self, from: response.body)
        } catch {
            throw GatewayClientError(
                status: response.status, code: GatewayClientError.unexpectedResponse, message: "The gateway's \(T.self) could not be read: \(error)")
        }
    }

    /// A body of the API's (a page around wire types) read with the shared decoder.
    static func decoded<T: Decodable>(_ type: T.Type, _ response: Response) throws(GatewayClientError) -> T {
        do {
            return try JSONCoding.decoder.decode(T.self, from: response.body)
        } catch {
            throw GatewayClientError(
                status: response.status, code: GatewayClientError.unexpectedResponse, message: "The gateway's \(T.self) could not be read: \(error)")
        }
    }

    /// A JSON request body from `fields`.
    static func body(_ fields: [String: JSONValue]) -> Data {
        var writer = JSONWriter(capacity: 256)
        try? JSONValue.object(fields).write(to: &writer)
        return Data(writer.bytes)
    }
}
