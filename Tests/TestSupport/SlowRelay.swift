import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP relay that accepts each connection at once but connects it on to `target` only after
/// `delay`: a server whose connection is up while it is slow to speak, as a process starved of CPU is.
public final class SlowRelay: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Where clients connect: `tcp://127.0.0.1:port`.
    public let endpoint: String
    private let listener: Int32
    private let stopped = Mutex(false)

    /// Listens on a free loopback port and relays each connection to `target` (`tcp://host:port`) after `delay`.
    public init(to target: String, delay: Duration) throws {
        guard let colon = target.lastIndex(of: ":"), let targetPort = Int(target[target.index(after: colon)...]) else {
            throw Failure(description: "not a tcp://host:port endpoint: \(target)")
        }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(listener)
            throw Failure(description: "bind or listen: errno \(errno)")
        }
        endpoint = "tcp://127.0.0.1:\(Int(UInt16(bigEndian: address.sin_port)))"
        self.listener = listener
        Thread {
            while true {
                let accepted = accept(listener, nil, nil)
                guard accepted >= 0 else { return }
                Thread { Self.relay(accepted, to: targetPort, after: delay) }.start()
            }
        }.start()
    }

    /// Stops accepting; relayed connections end when either side closes.
    public func close() {
        guard
            !stopped.withLock({ done in
                defer { done = true }
                return done
            })
        else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        Glibc.close(listener)
    }

    deinit { close() }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Holds `client` for `delay` (its bytes wait in the kernel), then copies bytes both ways until either side closes.
    private static func relay(_ client: Int32, to port: Int, after delay: Duration) {
        defer { Glibc.close(client) }
        // This thread is the relay's own: waiting here is the slowness under test, not a pause to let things settle.
        Thread.sleep(forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { return }
        defer { Glibc.close(server) }
        var address = loopback(port: UInt16(port))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        var descriptors = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptors, 2, -1) > 0 {
            for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                guard count > 0 else { return }
                let other = descriptors[1 - index].fd
                var sent = 0
                while sent < count {
                    let written = buffer.withUnsafeBytes { send(other, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
                    guard written > 0 else { return }
                    sent += written
                }
            }
        }
    }
}
