import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The default transport: Foundation's `URLSession` (FoundationNetworking on Linux), trusting the system's
/// certificate authorities; the event stream is read through a data delegate, piece by piece.
public struct URLSessionTransport: GatewayTransport {
    let configuration: URLSessionConfiguration
    private let session: URLSession

    /// A transport whose requests use a copy of `configuration`.
    public init(configuration: URLSessionConfiguration = .ephemeral) {
        self.configuration = configuration
        session = URLSession(configuration: configuration)
    }

    /// Sends `request` with `URLSession.data(for:)`.
    public func send(_ request: GatewayRequest) async throws(GatewayClientError) -> GatewayResponse {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: Self.urlRequest(request))
        } catch {
            throw GatewayClientError(status: 0, code: GatewayClientError.unreachable, message: error.localizedDescription)
        }
        guard let http = response as? HTTPURLResponse else {
            throw GatewayClientError(status: 0, code: GatewayClientError.unexpectedResponse, message: "no HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return GatewayResponse(status: http.statusCode, headers: headers, body: data)
    }

    /// Streams `request` through a session of its own whose delegate passes each piece on.
    public func stream(_ request: GatewayRequest) -> AsyncStream<GatewayStreamPart> {
        let delegate = StreamingDelegate()
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: Self.urlRequest(request))
        let (parts, output) = AsyncStream.makeStream(of: GatewayStreamPart.self)
        let forward = Task {
            for await part in delegate.parts { output.yield(part) }
            output.finish()
        }
        output.onTermination = { _ in
            forward.cancel()
            task.cancel()
            session.invalidateAndCancel()
        }
        task.resume()
        return parts
    }

    private static func urlRequest(_ request: GatewayRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        return urlRequest
    }
}
