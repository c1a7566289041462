import CCurl
import Foundation
import Synchronization

/// The client's thread: one libcurl multi handle driving every transfer, its connection cache keeping
/// connections alive between them. Callers hand requests over through `shared` and `curl_multi_wakeup`.
final class CurlLoop: Sendable {
    /// What callers and the thread exchange, under one lock.
    private struct Shared {
        var pending: [CurlRequest] = []
        var cancelled: Set<UInt64> = []
        var closed = false
        /// Set by the thread just before it frees the multi handle: no more wake-ups.
        var ended = false
    }

    private let shared = Mutex(Shared())
    /// Used by the thread, and by `wake()` under the lock while the thread has not ended.
    private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
    private let settings: CurlSettings

    /// Starts the thread named `name`; at most `connections` idle connections are kept.
    init(settings: CurlSettings, connections: Int, name: String) {
        Curl.ensureInitialized()
        guard let multi = curl_multi_init() else { fatalError("libcurl could not make a multi handle") }
        _ = interlude_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, max(1, connections))
        self.multi = multi
        self.settings = settings
        Thread { [self] in
            // Named from inside: a name set before `start()` does not reach the system thread on Linux.
            Thread.current.name = name
            run()
        }.start()
    }

    /// Queues `request` for the thread; a closed loop finishes it at once as cancelled.
    func submit(_ request: CurlRequest) {
        let accepted = shared.withLock { shared in
            guard !shared.closed else { return false }
            shared.pending.append(request)
            return true
        }
        if accepted { wake() } else { request.finish(.failure(HTTPClientError(code: .cancelled))) }
    }

    /// Cancels the request `id` if it is queued or in flight; its caller gets `.cancelled`.
    func cancel(_ id: UInt64) {
        shared.withLock { _ = $0.cancelled.insert(id) }
        wake()
    }

    /// Finishes every request as cancelled and ends the thread; later requests are cancelled at once.
    func close() {
        shared.withLock { $0.closed = true }
        wake()
    }

    private func wake() {
        shared.withLock { shared in
            if !shared.ended { _ = curl_multi_wakeup(multi) }
        }
    }

    private func run() {
        var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        var handles: [UInt64: UnsafeMutableRawPointer] = [:]
        func end(_ easy: UnsafeMutableRawPointer, _ result: Result<HTTPClientResponse, HTTPClientError>) {
            guard let transfer = transfers.removeValue(forKey: easy) else { return }
            handles[transfer.request.id] = nil
            curl_multi_remove_handle(multi, easy)
            transfer.request.finish(result)
        }
        while true {
            let (requests, cancelled, closed) = shared.withLock { shared in
                defer { (shared.pending, shared.cancelled) = ([], []) }
                return (shared.pending, shared.cancelled, shared.closed)
            }
            for request in requests {
                if closed || cancelled.contains(request.id) {
                    request.finish(.failure(HTTPClientError(code: .cancelled)))
                } else if let transfer = CurlTransfer(request, settings: settings) {
                    transfers[transfer.easy] = transfer
                    handles[request.id] = transfer.easy
                    curl_multi_add_handle(multi, transfer.easy)
                } else {
                    request.finish(.failure(HTTPClientError(code: .other, curlCode: Int(CURLE_OUT_OF_MEMORY.rawValue))))
                }
            }
            for easy in closed ? Array(transfers.keys) : cancelled.compactMap({ handles[$0] }) {
                end(easy, .failure(HTTPClientError(code: .cancelled)))
            }
            if closed { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                end(easy, transfers[easy]?.result(message.pointee.data.result) ?? .failure(HTTPClientError(code: .other)))
            }
            _ = curl_multi_poll(multi, nil, 0, 1_000, nil)
        }
        shared.withLock { $0.ended = true }
        curl_multi_cleanup(multi)
    }
}

/// libcurl's process-wide set-up, run once before the first handle is made.
enum Curl {
    private static let initialized: Bool = interlude_curl_global_init() == CURLE_OK

    /// Makes sure `curl_global_init` has run.
    static func ensureInitialized() {
        precondition(initialized, "libcurl failed to initialize")
    }
}
