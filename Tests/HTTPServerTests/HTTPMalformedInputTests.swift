import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPMalformedInputTests {
    static let garbage = [
        "GARBAGE\r\n\r\n",
        "GET\r\n\r\n",
        "GET /items/1 HTTP/9.9\r\nHost: test\r\n\r\n",
        "\u{1}\u{2}\u{3}\r\n\r\n",
        "GET /items/%zz%%? HTTP/1.1\r\nHost: test\r\n\r\n",
        "POST /items HTTP/1.1\r\nHost: test\r\nContent-Length: -5\r\n\r\n",
        "POST /items HTTP/1.1\r\nHost: test\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "GET /items/1 HTTP/1.1\r\nHost: test\r\nBad Header Line\r\n\r\n",
        "GET /" + String(repeating: "a", count: 70_000) + " HTTP/1.1\r\nHost: test\r\n\r\n",
    ]

    @Test(arguments: garbage)
    func aMalformedRequestDoesNotStopTheServer(_ request: String) async throws {
        let server = try HTTPServerTests.start()
        defer { server.stop() }
        let answer = try await onThread { () -> Data in
            let connection = try RawConnection(port: server.port, timeoutSeconds: 2)
            defer { connection.close() }
            connection.send(Data(request.utf8))
            connection.finishSending()
            return connection.receive()
        }
        // Whatever the answer (MHD's 400, a lenient 200, or a closed socket), the server must go on.
        _ = answer
        let next = try await fetch(port: server.port, "/items/still-here")
        #expect(next.status == 200)
    }
}
