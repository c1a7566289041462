import Testing

@testable import HTTPServer

/// The RFC 9112 framing rules a head is checked against, and the `Host` values they accept.
@Suite struct RequestFramingTests {
    static func headers(_ pairs: [(String, String)]) -> HTTPHeaders {
        HTTPHeaders(pairs.map { HTTPHeaders.Field(name: $0.0, value: $0.1) })
    }

    @Test(
        arguments: [
            ([("Host", "127.0.0.1:8080"), ("Content-Length", "5")], "HTTP/1.1", nil),
            ([("Host", "localhost"), ("Transfer-Encoding", "chunked")], "HTTP/1.1", nil),
            ([("Host", "[::1]:8080"), ("transfer-encoding", " CHUNKED ")], "HTTP/1.1", nil),
            ([("Host", "")], "HTTP/1.1", nil),
            ([], "HTTP/1.0", nil),
            ([("Host", "a"), ("Content-Length", "5"), ("content-length", "5")], "HTTP/1.1", "badContentLength"),
            ([("Host", "a"), ("Content-Length ", "5")], "HTTP/1.1", "malformedRequest"),
            ([("Host", "a"), ("X Y", "5")], "HTTP/1.1", "malformedRequest"),
            ([("Host", "a"), ("", "5")], "HTTP/1.1", "malformedRequest"),
            ([("Host", "a"), ("Transfer-Encoding", "chunked"), ("Content-Length", "5")], "HTTP/1.1", "badTransferEncoding"),
            ([("Host", "a"), ("Transfer-Encoding", "chunked")], "HTTP/1.0", "badTransferEncoding"),
            ([("Host", "a"), ("Transfer-Encoding", "chunked, identity")], "HTTP/1.1", "badTransferEncoding"),
            ([("Host", "a"), ("Transfer-Encoding", "gzip, chunked")], "HTTP/1.1", "badTransferEncoding"),
            ([("Host", "a"), ("Transfer-Encoding", "xchunked")], "HTTP/1.1", "badTransferEncoding"),
            ([("Host", "a"), ("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], "HTTP/1.1", "badTransferEncoding"),
            ([("Host", "a"), ("host", "b")], "HTTP/1.1", "badHost"),
            ([("Host", "127.0.0.1:8080 evil")], "HTTP/1.1", "badHost"),
        ] as [([(String, String)], String, String?)])
    func aHeadIsRefusedExactlyWhenItsFramingIsAmbiguous(_ fields: [(String, String)], _ version: String, _ code: String?) {
        #expect(RequestFraming.refusal(Self.headers(fields), version: version)?.code == code, "\(fields)")
    }

    @Test(
        arguments: [
            ("127.0.0.1:8080", "127.0.0.1", 8080), ("LocalHost", "localhost", nil), ("[::1]:80", "[::1]", 80),
            ("example.com:", "example.com", nil), (" gateway.example ", "gateway.example", nil), ("host:65535", "host", 65535),
        ] as [(String, String, Int?)])
    func aValidHostGivesItsNameAndPort(_ value: String, _ name: String, _ port: Int?) {
        #expect(HostField(value) == HostField(value))
        #expect(HostField(value)?.name == name, "\(value)")
        #expect(HostField(value)?.port == port, "\(value)")
    }

    @Test(arguments: [
        "127.0.0.1:8080 evil", "a b", "host:99999", "host:123456", "host:80:80", "[::1", "[not-ipv6]:80", "[::1]x", ":80",
        "host/path", "user@host", "ho%41st", "host:-1", "host:8o",
    ])
    func anInvalidHostIsRefused(_ value: String) {
        #expect(HostField(value) == nil, "\(value)")
    }
}
