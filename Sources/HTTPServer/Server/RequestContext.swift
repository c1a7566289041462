import Foundation

/// What the server knows about one request between MHD's calls for it.
///
/// Only libmicrohttpd's polling thread touches it (every call for a connection comes from there; the
/// handler's task reaches only its `PendingResponse`), so it needs no lock.
final class RequestContext {
    let method: HTTPMethod
    let start = ContinuousClock.now
    /// The request's header fields, read at MHD's first call.
    var headers = HTTPHeaders()
    var body = Data()
    /// A response is already queued (an early 413); later calls only drain.
    var answered = false
    /// The body passed the limit while arriving; the rest is counted, not kept.
    var overLimit = false
    /// The largest body this request may have: the server's, or its path's (read at MHD's first call).
    var bodyLimit = 0
    var discarded = 0
    /// The handler running while the connection is suspended; MHD's next call queues its response.
    var pending: PendingResponse?

    init(method: HTTPMethod) {
        self.method = method
    }
}
