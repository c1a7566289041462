import Foundation

/// One POST handed from a caller to the client's thread, with the continuation its caller waits on.
struct CurlRequest: Sendable {
    /// The client-wide number cancellations refer to.
    let id: UInt64
    let url: String
    let headers: [String: String]
    let body: Data
    let continuation: CheckedContinuation<Result<HTTPClientResponse, HTTPClientError>, Never>

    /// Resumes the caller, exactly once per request.
    func finish(_ result: Result<HTTPClientResponse, HTTPClientError>) {
        continuation.resume(returning: result)
    }
}
