import Foundation

/// The plain-socket parts of `interlude health`: where to probe a wildcard address, and one HTTP GET.
enum HealthProbe {
    /// `endpoint` with a wildcard host (0.0.0.0, ::, *, empty) replaced by the loopback address, so a
    /// probe in the same container or host reaches what listens on every address.
    static func loopback(_ endpoint: String) -> String {
        let scheme = endpoint.hasPrefix("tcp://") ? "tcp://" : ""
        let address = endpoint.dropFirst(scheme.count)
        guard let colon = address.lastIndex(of: ":") else { return endpoint }
        let host = address[..<colon]
        guard ["0.0.0.0", "[::]", "::", "*", ""].contains(host) else { return endpoint }
        return scheme + "127.0.0.1" + address[colon...]
    }

    /// The status code of `GET path` on `address` (IPv4 host:port), within `timeout` seconds for the
    /// connection and again for the answer.
    static func httpStatus(address: String, path: String, timeout: Double) throws -> Int {
        guard let colon = address.lastIndex(of: ":"), let port = UInt16(address[address.index(after: colon)...]) else {
            throw HealthFailure("\(address) is not host:port")
        }
        let host = String(address[..<colon])
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &target.sin_addr) == 1 else {
            throw HealthFailure("\(host) is not an IPv4 address")
        }
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw HealthFailure("no socket: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw HealthFailure("no connection: \(String(cString: strerror(errno)))") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: \(address)\r\nConnection: close\r\n\r\n".utf8)
        guard send(socket, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else {
            throw HealthFailure("the request could not be sent: \(String(cString: strerror(errno)))")
        }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 512)
        while !head.contains(0x0A), head.count < 4_096 {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { throw HealthFailure(count == 0 ? "closed without an answer" : "no answer within \(timeout) s") }
            head += buffer[..<count]
        }
        let line = String(decoding: head.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self).split(separator: " ")
        guard line.count >= 2, line[0].hasPrefix("HTTP/1."), let status = Int(line[1]) else {
            throw HealthFailure("answered what is not HTTP")
        }
        return status
    }
}
