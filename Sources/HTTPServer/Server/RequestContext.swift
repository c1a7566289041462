import Foundation

/// What the server knows about one request between MHD's calls for it.
///
/// Only the connection's own thread touches it (one thread per connection), so it needs no lock.
final class RequestContext {
    let method: HTTPMethod
    let start = ContinuousClock.now
    var body = Data()
    /// A response is already queued (an early 413); later calls only drain.
    var answered = false
    /// The body passed the limit while arriving; the rest is counted, not kept.
    var overLimit = false
    var discarded = 0

    init(method: HTTPMethod) {
        self.method = method
    }
}
