import CMicroHTTPD

/// A connection libmicrohttpd has taken out of its event loop until it is resumed.
///
/// `@unchecked Sendable`: the handle is only used to resume, which libmicrohttpd allows from any thread
/// at any time, and a suspended connection is never freed (nor timed out, nor closed by the client's
/// leaving) until it is resumed. Every owner resumes at most once, and never after stopping has begun
/// to wait for it: `MHD_stop_daemon` with a connection still suspended aborts the process.
struct SuspendedConnection: @unchecked Sendable {
    let handle: OpaquePointer

    /// Hands the connection back to libmicrohttpd, whose polling thread calls us for it again.
    func resume() {
        MHD_resume_connection(handle)
    }
}
