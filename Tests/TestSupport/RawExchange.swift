public import Foundation

extension RawConnection {
    /// Reads one response whose length the headers give (Content-Length), or to end of stream.
    public func receiveResponse() -> HTTPReply? {
        HTTPReply(raw: receive(until: Self.isComplete))
    }

    /// Sends `request` on a new connection and reads one response; a reply from a gateway
    /// `GatewayConformance` knows is checked against its OpenAPI document.
    public static func exchange(port: Int, _ request: String) async throws -> HTTPReply? {
        let reply = try await onThread {
            let connection = try RawConnection(port: port)
            defer { connection.close() }
            connection.send(Data(request.utf8))
            return connection.receiveResponse()
        }
        await GatewayConformance.check(port: port, raw: request, reply: reply)
        return reply
    }

    /// Sends `request` on a new connection, reads until the server closes it, and parses the last
    /// response in what came (libmicrohttpd 0.9.75 sends the head twice before some of its refusals),
    /// checked as `exchange` checks it.
    public static func exchangeToClose(port: Int, _ request: String) async throws -> HTTPReply? {
        let reply = try await onThread {
            let connection = try RawConnection(port: port, timeout: .seconds(10))
            defer { connection.close() }
            connection.send(Data(request.utf8))
            // A second head where the body should be is the response the client gets to read.
            var reply = HTTPReply(raw: connection.receive())
            while let current = reply, current.body.starts(with: Data("HTTP/1.".utf8)) { reply = HTTPReply(raw: current.body) }
            return reply
        }
        await GatewayConformance.check(port: port, raw: request, reply: reply)
        return reply
    }

    public static func isComplete(_ data: Data) -> Bool {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { return false }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).lowercased()
        guard let line = head.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
            let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return false }
        return data.count - end.upperBound >= length
    }
}
