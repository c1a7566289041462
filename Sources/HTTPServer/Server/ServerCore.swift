import Foundation

/// The server's request logic between libmicrohttpd's calls and the `HTTPHandler`.
///
/// Requests are counted in `metrics` by the handler's `RequestMetrics` middleware; the refusals made
/// here, before a handler sees the request (a body over the limit), are counted here.
final class ServerCore: Sendable {
    /// One call from MHD for a request.
    struct Step {
        let path: String
        let method: String
        let version: String
        /// A piece of body; empty on the first call (headers) and on the final one.
        let upload: UnsafeRawBufferPointer
    }

    let handler: any HTTPHandler
    let metrics: HTTPMetrics
    let maxBodySize: Int
    /// Paths with a body limit of their own.
    let maxBodySizeByPath: [String: Int]
    /// The most connections open at once; one more is closed as soon as it is accepted.
    let connectionLimit: Int
    let registry = ShutdownRegistry()
    /// The connections whose request head or body is late, ended by their deadlines.
    let deadlines: DeadlineSweeper
    /// The connections open now, kept by libmicrohttpd's notifications (in `metrics`, for `/metrics`).
    var connections: ConnectionCount { metrics.connections }

    init(
        handler: any HTTPHandler, metrics: HTTPMetrics, maxBodySize: Int, maxBodySizeByPath: [String: Int] = [:], connectionLimit: Int,
        headDeadline: Duration, bodyDeadline: Duration
    ) {
        self.handler = handler
        self.metrics = metrics
        self.maxBodySize = max(0, maxBodySize)
        self.maxBodySizeByPath = maxBodySizeByPath.mapValues { max(0, $0) }
        self.connectionLimit = max(1, connectionLimit)
        self.deadlines = DeadlineSweeper(head: headDeadline, body: bodyDeadline)
    }

    /// Handles one MHD call; false tells MHD to close the connection.
    func advance(_ context: RequestContext, connection: MHDConnection, step: Step, first: Bool) -> Bool {
        if context.answered { return true }
        if let pending = context.pending {
            // Called again because the handler's response (or the server's stopping) resumed the connection.
            context.pending = nil
            guard let response = pending.response else { return false }
            return answer(response, context: context, connection: connection)
        }
        if first {
            deadlines.headReceived(connection.handle)
            // The head is whole at the first call (a chunked body's trailers are another kind): read once.
            context.headers = connection.headers()
            // A head whose framing is ambiguous is refused before anything of it is acted on; the early
            // answer makes MHD read nothing more from the connection and close it once it is sent.
            if let framing = RequestFraming.refusal(context.headers, version: step.version) {
                var refusal = HTTPResponse.error(400, code: framing.code, message: framing.message)
                refusal.headers["Connection"] = "close"
                deadlines.requestReceived(connection.handle)
                return refuse(refusal, context: context, connection: connection)
            }
            context.bodyLimit = maxBodySizeByPath[step.path] ?? maxBodySize
            // Refuse by Content-Length before a byte of the body is read.
            if let declared = context.headers["Content-Length"], Self.exceeds(declared, context.bodyLimit) {
                deadlines.requestReceived(connection.handle)
                return refuse(tooLarge(context.bodyLimit), context: context, connection: connection)
            }
            return true
        }
        if !step.upload.isEmpty {
            if context.overLimit || context.body.count + step.upload.count > context.bodyLimit {
                // MHD cannot queue a response while handing over body data: drop the body, answer
                // 413 once the upload ends, and cut off a client that keeps sending far past the limit.
                context.overLimit = true
                context.body = Data()
                context.discarded += step.upload.count
                return context.discarded <= max(context.bodyLimit, 1 << 20) * 4
            }
            context.body.append(contentsOf: step.upload)
            return true
        }
        deadlines.requestReceived(connection.handle)
        if context.overLimit { return refuse(tooLarge(context.bodyLimit), context: context, connection: connection) }
        var request = HTTPRequest(
            method: context.method, path: step.path, queryItems: connection.queryItems(),
            headers: context.headers, body: context.body, remoteAddress: connection.remoteAddress())
        request.receivedAt = context.start
        request.openConnections = connections.current
        switch PendingResponse.start(handler, request, connection: connection, registry: registry) {
        case .answered(let response):
            return answer(response, context: context, connection: connection)
        case .suspended(let pending):
            // MHD calls again only once the connection is resumed, after this call returns.
            context.pending = pending
            return true
        case .refused:
            return false
        }
    }

    private func answer(_ response: HTTPResponse, context: RequestContext, connection: MHDConnection) -> Bool {
        context.answered = true
        let status = (100...599).contains(response.status) ? response.status : 500
        let queued =
            switch response.body {
            case .data(let data):
                connection.queue(status: status, headers: response.headers, body: data)
            case .stream(let producer):
                connection.queue(
                    status: status, headers: response.headers,
                    pump: StreamPump(producer: producer, connection: connection, registry: registry))
            }
        return queued
    }

    /// Answers before any handler saw the request, and counts it.
    private func refuse(_ response: HTTPResponse, context: RequestContext, connection: MHDConnection) -> Bool {
        metrics.record(method: context.method, route: nil, status: response.status, duration: context.start.duration(to: .now))
        return answer(response, context: context, connection: connection)
    }

    private func tooLarge(_ limit: Int) -> HTTPResponse {
        .error(413, code: "payloadTooLarge", message: "The request body exceeds \(limit) bytes.")
    }

    /// Whether a Content-Length value is over `limit`; a number too large for `Int` certainly is.
    private static func exceeds(_ declared: String, _ limit: Int) -> Bool {
        let digits = declared.trimmingWhitespace()
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        return (Int(digits) ?? .max) > limit
    }
}
