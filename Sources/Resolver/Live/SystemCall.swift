#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal call that failed, with the call's name and `errno`.
public struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed, such as `tcsetattr`.
    public let call: String
    /// Its `errno`.
    public let errno: Int32

    /// `tcsetattr failed: Inappropriate ioctl for device (errno 25)`.
    public var description: String { "\(call) failed: \(String(cString: strerror(errno))) (errno \(errno))" }
}

/// Runs a C call that returns -1 on failure, retrying `EINTR`, and throws the failure with its `errno`.
@discardableResult
func systemCall(_ name: String, _ body: () -> Int) throws(TerminalError) -> Int {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno != EINTR { throw TerminalError(call: name, errno: errno) }
    }
}
