import Foundation
import JSON

extension GatewayClient {
    /// A response's status, headers and body.
    typealias Response = GatewayResponse

    /// Sends one request and returns a 2xx response; any other status throws the API's error.
    func send(
        _ method: String, _ path: String, query: [(String, String?)] = [], json body: Data? = nil, headers extra: [String: String] = [:]
    ) async throws(GatewayClientError) -> Response {
        var fields = headers(extra)
        var payload = body
        // The gateway asks every POST to say it is JSON, a body-less one (cancel) too.
        if body != nil || method == "POST" {
            payload = body ?? Data()
            fields["Content-Type"] = "application/json"
        }
        let request = GatewayRequest(method: method, url: try url(path, query: query), headers: fields, body: payload, timeout: timeout)
        let response: Response
        do {
            response = try await transport.send(request)
        } catch  where error.status == 0 && error.code == GatewayClientError.unreachable {
            throw GatewayClientError(
                status: 0, code: GatewayClientError.unreachable,
                message: "cannot reach the gateway at \(base.absoluteString) (\(method) \(path): \(error.message))")
        } catch  where error.status == 0 {
            throw GatewayClientError(status: 0, code: error.code, message: "\(method) \(path): \(error.message)")
        }
        guard (200..<300).contains(response.status) else { throw GatewayClientError(status: response.status, body: response.body) }
        return response
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
