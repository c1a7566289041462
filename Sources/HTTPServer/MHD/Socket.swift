#if canImport(Glibc)
    import Glibc
#endif

/// The few plain POSIX socket calls the server needs beside libmicrohttpd.
enum Socket {
    /// Whether the peer of a connected socket has closed or reset it; never blocks.
    static func peerClosed(_ descriptor: Int32) -> Bool {
        var byte: UInt8 = 0
        let received = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        if received == 0 { return true }
        if received > 0 { return false }
        let error = errno
        return error != EAGAIN && error != EWOULDBLOCK && error != EINTR
    }

    /// When data last arrived on a connected TCP socket, by the kernel's count (`TCP_INFO`, in
    /// milliseconds; the handshake counts as data); nil if the socket cannot say.
    static func lastReceived(_ descriptor: Int32, now: ContinuousClock.Instant) -> ContinuousClock.Instant? {
        var info = tcp_info()
        var size = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &size) == 0 else { return nil }
        return now - .milliseconds(Int(info.tcpi_last_data_recv))
    }

    /// Ends both directions of a connection without closing its descriptor, which stays its owner's.
    static func shutDown(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// An IPv4 socket address for `host` (dotted quad or `localhost`) and `port`.
    static func ipv4Address(host: String, port: Int) -> sockaddr_in? {
        guard (0...65535).contains(port) else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        let dotted = host == "localhost" ? "127.0.0.1" : host
        guard inet_pton(AF_INET, dotted, &address.sin_addr) == 1 else { return nil }
        return address
    }

    /// The numeric text of an IPv4 or IPv6 socket address.
    static func numericHost(_ address: UnsafePointer<sockaddr>) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let size = socklen_t(text.count)
        let converted: UnsafePointer<CChar>? =
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                    withUnsafePointer(to: ipv4.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, size) }
                }
            case AF_INET6:
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                    withUnsafePointer(to: ipv6.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, size) }
                }
            default: nil
            }
        guard converted != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
