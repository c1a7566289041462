import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// POSTs webhook messages with URLSession: no redirects followed, no cookies or cache, a hard timeout;
/// connections are kept alive and reused between deliveries to the same endpoint.
final class WebhookHTTPClient: Sendable {
    private let session: URLSession
    private let timeout: Duration

    /// A client whose attempts each give up after `timeout`, keeping up to `connectionsPerHost` (at least 6)
    /// connections open to each endpoint.
    init(timeout: Duration, connectionsPerHost: Int = 6) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = max(6, connectionsPerHost)
        // Only a session-level delegate is asked about redirects on Linux; a per-task one is not.
        session = URLSession(configuration: configuration, delegate: RedirectRefuser(), delegateQueue: nil)
        self.timeout = timeout
    }

    /// Sends one POST to `url`; a 3xx comes back as the response, never followed.
    func post(url: URL, headers: [String: String], body: Data) async -> WebhookOutcome {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        // URLSession on Linux rounds this down to whole seconds; the race below enforces the real bound.
        let seconds = WebhookDispatcher.Options.seconds(timeout)
        request.timeoutInterval = max(1, seconds.rounded(.up)) + 1
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let prepared = request
        let session = session
        let timeout = timeout
        return await withTaskGroup(of: WebhookOutcome?.self) { group in
            group.addTask { await Self.send(prepared, session: session) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return Task.isCancelled ? nil : .transportError("no answer within \(seconds) s")
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let outcome = next { return outcome }
            }
            return .interrupted
        }
    }

    /// Cancels what is in flight and releases the session (and its delegate).
    func close() {
        session.invalidateAndCancel()
    }

    private static func send(_ request: URLRequest, session: URLSession) async -> WebhookOutcome? {
        let handle = CancellableTask()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = session.dataTask(with: request) { _, response, error in
                    continuation.resume(returning: outcome(response, error))
                }
                handle.attach(task)
                task.resume()
            }
        } onCancel: {
            handle.cancel()
        }
    }

    private static func outcome(_ response: URLResponse?, _ error: (any Error)?) -> WebhookOutcome? {
        if let error {
            if (error as? URLError)?.code == .cancelled { return nil }
            return .transportError(reason(error))
        }
        guard let http = response as? HTTPURLResponse else { return .transportError("not an HTTP response") }
        return .response(status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? URLError else { return "\(type(of: error))" }
        return switch error.code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "connection refused"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .networkConnectionLost: "connection lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate: "TLS failure"
        case .cancelled: "cancelled"
        default: "network error \(error.code.rawValue)"
        }
    }
}

/// Refuses every redirect, so the 3xx itself is the response: requests only go to configured URLs.
private final class RedirectRefuser: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A URLSession task that a Swift task's cancellation can cancel without deadlocking.
///
/// `URLSessionTask.cancel()` waits on the session's queue, which may at that moment be resuming the
/// very Swift task being cancelled (and so need the lock the cancellation handler holds). The cancel
/// is therefore sent from another queue, never from inside the cancellation handler.
private final class CancellableTask: @unchecked Sendable {  // its state is guarded by `lock`
    private let lock = NSLock()
    private var task: URLSessionTask?
    private var cancelled = false

    func attach(_ task: URLSessionTask) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { DispatchQueue.global().async { task.cancel() } }
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        if let task { DispatchQueue.global().async { task.cancel() } }
    }
}
