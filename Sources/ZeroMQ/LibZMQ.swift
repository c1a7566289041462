import CZeroMQ
import Primitives

// The one door to C: every libzmq (and POSIX) call in this module goes through `libzmq`.

/// Calls a C function that returns -1 on failure, retrying `EINTR` (the project's one `systemCall`)
/// and throwing the errno otherwise; libzmq reports its own codes, such as `ETERM`, through errno too.
@discardableResult
func libzmq(_ operation: @autoclosure () -> String, _ call: () -> Int32) throws(ZMQError) -> Int32 {
    do {
        return try systemCall(operation(), call)
    } catch {
        throw ZMQError(code: error.code, operation: error.call)
    }
}

/// Calls a C function that returns a null handle on failure, through the same door.
func libzmq(
    _ operation: @autoclosure () -> String,
    _ call: () -> UnsafeMutableRawPointer?
) throws(ZMQError) -> UnsafeMutableRawPointer {
    var handle: UnsafeMutableRawPointer?
    try libzmq(operation()) {
        handle = call()
        return handle == nil ? -1 : 0
    }
    return handle!
}

extension Duration {
    /// This duration in whole milliseconds, rounded up so a short wait never becomes a busy loop.
    var roundedUpMilliseconds: Int32 {
        guard self > .zero else { return 0 }
        let (seconds, attoseconds) = components
        guard seconds < Int64(Int32.max) / 1000 else { return .max }
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}

extension ContinuousClock.Instant {
    /// Milliseconds left until this deadline for `zmq_poll`, never negative.
    var millisecondsLeft: Int32 {
        ContinuousClock.now.duration(to: self).roundedUpMilliseconds
    }
}
