import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The data delegate of one streamed request: it passes each part of the response on as it arrives, which
/// `URLSession.data(for:)` would hold until the end (on Linux there is no `bytes(for:)` to stream with).
final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let parts: AsyncStream<GatewayStreamPart>
    private let feed: AsyncStream<GatewayStreamPart>.Continuation

    override init() {
        (parts, feed) = AsyncStream.makeStream(of: GatewayStreamPart.self)
        super.init()
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        feed.yield(.status((response as? HTTPURLResponse)?.statusCode ?? 0))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        feed.yield(.data(data))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        feed.yield(.ended(error.map { GatewayClientError(status: 0, code: GatewayClientError.unreachable, message: $0.localizedDescription) }))
        feed.finish()
    }
}
