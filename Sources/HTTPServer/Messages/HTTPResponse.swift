public import Foundation

/// What a handler answers: a status, headers, and a body that is either bytes or a stream.
public struct HTTPResponse: Sendable {
    /// The body of a response.
    public enum Body: Sendable {
        /// A complete body.
        case data(Data)
        /// A body written as the producer yields chunks; it ends when the producer finishes.
        case stream(AsyncStream<Data>)
    }

    /// The status code, for example 200.
    public var status: Int
    /// The response headers; the server sets Content-Length or chunked encoding itself.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Body
    /// The route pattern that produced this response, used to label metrics; set by `Router`.
    public internal(set) var route: String?

    /// A response with a complete body.
    public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = .data(body)
    }

    /// A streamed response (for Server-Sent Events and the like) fed by `producer`.
    ///
    /// The producer is cancelled, so its `onTermination` runs, when the client disconnects or the
    /// server stops.
    public static func stream(status: Int = 200, headers: HTTPHeaders, producer: AsyncStream<Data>) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.body = .stream(producer)
        return response
    }

    /// The complete body, or nil for a streamed response.
    public var bodyData: Data? {
        if case .data(let data) = body { data } else { nil }
    }
}
