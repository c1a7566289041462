/// The RFC 9112 framing rules a request head must keep before any handler sees it, for what
/// libmicrohttpd 0.9.75 lets through: it takes the first of several `Content-Length`s, keeps a name
/// written `Content-Length :` as a different header (so the body is read as the next request), reads a
/// body it cannot delimit (`Transfer-Encoding: chunked, identity`) until the client leaves, and accepts
/// any `Host`. Each of these is where a proxy in front and this server could disagree on where a request
/// ends, so each is refused with 400 and the connection closed (`ServerCore`).
enum RequestFraming {
    /// The refusal for a head that breaks a rule, or nil when it keeps them all.
    static func refusal(_ headers: HTTPHeaders, version: String) -> (code: String, message: String)? {
        if let name = headers.lazy.map(\.name).first(where: { !isToken($0) }) {
            return ("malformedRequest", "The header name \"\(printable(name))\" is not a token (RFC 9112 §5.1: no space before the colon).")
        }
        let lengths = headers.values(for: "Content-Length")
        let codings = headers.values(for: "Transfer-Encoding")
        if lengths.count > 1 {
            return ("badContentLength", "The request has \(lengths.count) Content-Length fields; one is allowed.")
        }
        if !codings.isEmpty {
            // RFC 9112 §6.1: with Content-Length too, or in HTTP/1.0, the framing is ambiguous; chunked must
            // be the final coding, and it is the only one this server decodes.
            guard lengths.isEmpty else {
                return ("badTransferEncoding", "A request may carry Transfer-Encoding or Content-Length, not both.")
            }
            guard version != "HTTP/1.0" else {
                return ("badTransferEncoding", "An HTTP/1.0 request may not carry Transfer-Encoding.")
            }
            guard codings.count == 1, codings[0].trimmingWhitespace().lowercased() == "chunked" else {
                return ("badTransferEncoding", "Transfer-Encoding must be exactly chunked.")
            }
        }
        let hosts = headers.values(for: "Host")
        if hosts.count > 1 { return ("badHost", "The request has \(hosts.count) Host fields; one is allowed.") }
        // RFC 9110 §7.2 allows an empty Host (a target without authority); the gateway refuses it as not its own.
        if let host = hosts.first, !host.trimmingWhitespace().isEmpty, HostField(host) == nil {
            return ("badHost", "The Host \"\(printable(host))\" is not a host name or address with an optional port.")
        }
        return nil
    }

    /// RFC 9110 §5.6.2 `token`: the only characters a field name may have.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
                }
            }
    }

    /// At most 64 characters of what the client sent, any control character shown as `?`, for a message.
    private static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(64).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
