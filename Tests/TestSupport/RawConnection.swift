public import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to the server under test, for what a polite HTTP client never sends.
///
/// Blocking calls with receive/send timeouts: use it only inside `onThread`.
public final class RawConnection: @unchecked Sendable {  // used by one thread at a time, as documented
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32
    private var closed = false

    public convenience init(port: Int, timeoutSeconds: Int = 30) throws {
        try self.init(port: port, timeout: .seconds(timeoutSeconds))
    }

    /// Connects to 127.0.0.1:`port`; each blocking send or receive gives up after `timeout`.
    public init(port: Int, timeout: Duration) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        let (seconds, attoseconds) = timeout.components
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            Glibc.close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    /// Sends all of `data`; false if the server closed the connection first.
    @discardableResult
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { return false }
                sent += count
            }
            return true
        }
    }

    /// Tells the server nothing more is coming (half-close), so it answers instead of waiting.
    public func finishSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads until `done` says the bytes so far are enough, the peer closes, or the timeout passes.
    public func receive(until done: (Data) -> Bool = { _ in false }) -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(received) {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }

    /// What one read brought: bytes, nothing before the timeout, or the end of the stream (closed or reset).
    public enum Chunk {
        case data(Data)
        case timedOut
        case closed
    }

    /// Reads what has arrived, waiting at most the receive timeout.
    public func receiveChunk() -> Chunk {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count > 0 { return .data(Data(buffer[0..<count])) }
        if count == 0 { return .closed }
        let error = errno
        return error == EAGAIN || error == EWOULDBLOCK || error == EINTR ? .timedOut : .closed
    }

    public func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(descriptor)
    }

    deinit {
        close()
    }
}
