#if canImport(Glibc)
    import Glibc
#endif

/// A `Host` field value read as RFC 9110 §7.2 defines it: `uri-host [ ":" port ]`, where the host is a
/// bracketed IPv6 address or a registered name (an IPv4 address is one), and the port is 0–65535.
public struct HostField: Sendable, Hashable {
    /// The host, lower-cased; an IPv6 address keeps its brackets.
    public let name: String
    /// The port, when one was given (`host:` with nothing after the colon gives none).
    public let port: Int?

    /// The parts of `value` (surrounding spaces and tabs ignored); nil when it is not a valid host[:port],
    /// such as `127.0.0.1:8080 evil`, `a b`, `host:99999` or `[not-ipv6]`.
    public init?(_ value: String) {
        let text = value.trimmingWhitespace().lowercased()
        let hostEnd: String.Index
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(text[text.index(after: text.startIndex)..<close]), &address) == 1 else { return nil }
            hostEnd = text.index(after: close)
        } else {
            hostEnd = text.firstIndex(of: ":") ?? text.endIndex
            guard hostEnd > text.startIndex, text[..<hostEnd].utf8.allSatisfy(Self.isNameByte) else { return nil }
        }
        var port: Int?
        if hostEnd < text.endIndex {
            guard text[hostEnd] == ":" else { return nil }
            let digits = text[text.index(after: hostEnd)...]
            guard digits.count <= 5, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            if !digits.isEmpty {
                guard let number = Int(digits), number <= 65535 else { return nil }
                port = number
            }
        }
        name = String(text[..<hostEnd])
        self.port = port
    }

    /// RFC 3986 `reg-name` without percent-encodings (no DNS name has one): unreserved and sub-delims.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("-._~!$&'()*+,;=".utf8).contains(byte)
        }
    }
}
