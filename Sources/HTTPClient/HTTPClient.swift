public import Foundation
import Synchronization

/// The only importer of libcurl: GETs and POSTs over kept-alive connections from one thread of its own that runs
/// a `curl_multi` handle. No redirects are followed (a 3xx is the answer), no cookies are kept, only
/// `http` and `https` URLs are allowed, and every request gives up after the client's timeout.
public final class HTTPClient: Sendable {
    private let loop: CurlLoop
    private let nextID = Atomic<UInt64>(0)

    /// A client whose requests each give up after `timeout`, keeping up to `connections` idle connections
    /// for reuse; `certificateAuthorities` (a PEM file) replaces the system's trusted certificates.
    public init(timeout: Duration, connections: Int = 16, certificateAuthorities: URL? = nil, name: String = "http-client") {
        let milliseconds = timeout.components.seconds * 1_000 + timeout.components.attoseconds / 1_000_000_000_000_000
        let settings = CurlSettings(
            timeoutMilliseconds: Int(max(1, milliseconds)), certificateAuthorities: certificateAuthorities?.path)
        loop = CurlLoop(settings: settings, connections: connections, name: name)
    }

    deinit {
        loop.close()
    }

    /// What becomes of a response's body.
    public enum BodyReading: Sendable {
        /// Dropped: only the status and headers matter.
        case discard
        /// Kept whole in the response.
        case keep
        /// Handed on piece by piece as it arrives, on the client's thread, with the status of its response.
        case stream(@Sendable (_ status: Int, _ piece: Data) -> Void)
    }

    /// Sends one POST of `body` with `headers` to `url` and returns the answer, whatever its status; throws
    /// when there is none: a transport failure, the timeout, or `.cancelled` when the calling task is
    /// cancelled or the client closed. Header fields containing a line break are not sent.
    public func post(url: URL, headers: [String: String], body: Data) async throws(HTTPClientError) -> HTTPClientResponse {
        try await send("POST", url: url, headers: headers, body: body)
    }

    /// Sends one `GET` (its body ignored) or `POST` as `post` does; `reading` says what becomes of the
    /// response's body. With `streaming`, the transfer has no overall limit (it ends when the server ends
    /// it, when it stalls for the client's timeout, or when the calling task is cancelled).
    public func send(
        _ method: String, url: URL, headers: [String: String], body: Data = Data(), reading: BodyReading = .discard, streaming: Bool = false
    ) async throws(HTTPClientError) -> HTTPClientResponse {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let loop = loop
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                var request = CurlRequest(id: id, method: method, url: url.absoluteString, headers: headers, body: body, continuation: continuation)
                request.reading = reading
                request.timeoutMilliseconds = streaming ? 0 : nil
                loop.submit(request)
                // A cancellation that came before the request was queued found nothing to cancel.
                if Task.isCancelled { loop.cancel(id) }
            }
        } onCancel: {
            loop.cancel(id)
        }
        return try result.get()
    }

    /// Cancels what is in flight and ends the client's thread; later requests fail as `.cancelled`.
    public func close() {
        loop.close()
    }
}
