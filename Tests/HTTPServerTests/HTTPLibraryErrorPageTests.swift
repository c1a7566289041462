import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// The requests libmicrohttpd refuses itself while parsing, before any handler runs, keep the status
/// it chooses and get our JSON error body instead of its HTML page (docs/guarantees.md, item 16).
@Suite struct HTTPLibraryErrorPageTests {
    /// Requests the library refuses, the status it answers and the code of our body.
    static let refused: [(request: String, status: Int, code: String)] = [
        ("POST /items HTTP/1.1\r\nHost: test\r\nContent-Length: abc\r\n\r\n", 400, "badContentLength"),
        ("POST /items HTTP/1.1\r\nHost: test\r\nContent-Length: 99999999999999999999999\r\n\r\n", 413, "payloadTooLarge"),
        ("POST /items HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n", 400, "badChunkedEncoding"),
        ("GET /items/1 HTTP/1.1\r\nHost: test\r\nBad Header Line\r\nConnection: close\r\n\r\n", 400, "malformedRequest"),
        ("GET /items/1 HTTP/2.0\r\nHost: test\r\nConnection: close\r\n\r\n", 505, "httpVersionNotSupported"),
        ("GET /items/1 HTTP/1.1\r\nHost: test\r\nX-Padding: \(String(repeating: "a", count: 40_000))\r\n\r\n", 431, "requestHeadTooLarge"),
    ]

    @Test(arguments: refused)
    func aRequestTheLibraryRefusesGetsOurJSONWithItsStatus(_ refusal: (request: String, status: Int, code: String)) async throws {
        let server = try HTTPServerTests.start()
        defer { server.stop() }
        let reply = try #require(try await RawConnection.exchangeToClose(port: server.port, refusal.request))
        #expect(reply.status == refusal.status, "\(reply)")
        #expect(reply.errorCode == refusal.code, "\(reply)")
        #expect(reply.header("Content-Type") == "application/json", "\(reply.headers)")
        #expect(!reply.text.contains("<html>"))
        let next = try await fetch(port: server.port, "/items/still-here")
        #expect(next.status == 200, "the server goes on serving")
    }

    /// libmicrohttpd 0.9.75's own pages, as its `connection.c` defines them.
    static let pages: [(page: String, code: String)] = [
        (
            "<html><head><title>Request too big</title></head><body>Your HTTP header was too big for the memory constraints of this webserver.</body></html>",
            "requestHeadTooLarge"
        ),
        ("<html><head><title>Request malformed</title></head><body>Your HTTP request was syntactically incorrect.</body></html>", "malformedRequest"),
        (
            "<html><head><title>Requested HTTP version is not supported</title></head><body>Requested HTTP version is too old and not supported.</body></html>",
            "httpVersionNotSupported"
        ),
        (
            "<html><head><title>Requested HTTP version is not supported</title></head><body>Requested HTTP version is not supported.</body></html>",
            "httpVersionNotSupported"
        ),
        (
            "<html><head><title>&quot;Host:&quot; header required</title></head><body>In HTTP 1.1, requests must include a &quot;Host:&quot; header, and your HTTP 1.1 request lacked such a header.</body></html>",
            "hostRequired"
        ),
        (
            "<html><head><title>Request content too large</title></head><body>Your HTTP request has too large value for <b>Content-Length</b> header.</body></html>",
            "payloadTooLarge"
        ),
        (
            "<html><head><title>Request malformed</title></head><body>Your HTTP request has wrong value for <b>Content-Length</b> header.</body></html>",
            "badContentLength"
        ),
        (
            "<html><head><title>Request malformed</title></head><body>Your HTTP chunked encoding was syntactically incorrect.</body></html>",
            "badChunkedEncoding"
        ),
        (
            "<html><head><title>Request content too large</title></head><body>The chunk size used in your HTTP chunked encoded request is too large.</body></html>",
            "payloadTooLarge"
        ),
        (
            "<html><head><title>Internal server error</title></head><body>Please ask the developer of this Web server to carefully read the GNU libmicrohttpd documentation about connection management and blocking.</body></html>",
            "internalError"
        ),
        ("<html><head><title>Something new</title></head><body>A page a later version adds.</body></html>", "badRequest"),
    ]

    @Test(arguments: pages)
    func eachPageOfTheLibraryHasItsCode(_ page: (page: String, code: String)) {
        #expect(MHDErrorPages.error(forPage: page.page).code == page.code)
    }
}
