import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPBodyLimitTests {
    @Test func aBodyOverTheLimitByContentLengthGets413AndTheServerCarriesOn() async throws {
        let server = try HTTPServerTests.start(maxBodySize: 1 << 20)
        defer { server.stop() }
        let received = try await onThread { () -> HTTPReply? in
            let connection = try RawConnection(port: server.port)
            defer { connection.close() }
            connection.send(Data("POST /items HTTP/1.1\r\nHost: test\r\nContent-Length: \(2 << 20)\r\n\r\n".utf8))
            // The refusal comes before the body; sending it may then fail, which is the point.
            connection.send(Data(repeating: UInt8(ascii: "a"), count: 2 << 20))
            return connection.receiveResponse()
        }
        #expect(received?.status == 413)
        #expect(received?.errorCode == "payloadTooLarge")
        let next = try await fetch(port: server.port, "/items/after")
        #expect(next.status == 200)
    }

    @Test func aChunkedBodyThatGrowsPastTheLimitGets413() async throws {
        let server = try HTTPServerTests.start(maxBodySize: 1024)
        defer { server.stop() }
        let chunk = String(repeating: "b", count: 800)
        let hex = String(chunk.utf8.count, radix: 16)
        let received = try await RawConnection.exchange(
            port: server.port,
            "POST /items HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "\(hex)\r\n\(chunk)\r\n\(hex)\r\n\(chunk)\r\n0\r\n\r\n")
        #expect(received?.status == 413)
        #expect(received?.errorCode == "payloadTooLarge")
        let next = try await fetch(port: server.port, "/items/after")
        #expect(next.status == 200)
    }

    @Test func aBodyWithinTheLimitIsDelivered() async throws {
        let server = try HTTPServerTests.start(maxBodySize: 64)
        defer { server.stop() }
        let received = try await fetch(
            "POST", port: server.port, "/items", body: Data(#"{"id":"in","tags":[]}"#.utf8))
        #expect(received.status == 201)
    }
}
