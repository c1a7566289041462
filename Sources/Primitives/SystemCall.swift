#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `errno` of a failed system call, with the name of the call.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, such as `rename`.
    public let call: String
    /// Its `errno`.
    public let code: Int32

    /// An error for `call` failing with `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// `rename failed: No such file or directory (errno 2)`.
    public var description: String { "\(call) failed: \(String(cString: strerror(code))) (errno \(code))" }
}

/// Runs a C call that returns -1 on failure, again while it fails with `EINTR`; returns its result,
/// or throws its `errno`. The one retry loop for interrupted calls.
@discardableResult
public func systemCall<Result: FixedWidthInteger & SignedInteger>(
    _ call: @autoclosure () -> String, _ body: () -> Result
) throws(SystemCallError) -> Result {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code != EINTR { throw SystemCallError(call: call(), code: code) }
    }
}
