import Foundation

/// One request handed from a caller to the client's thread, with the continuation its caller waits on.
struct CurlRequest: Sendable {
    /// The client-wide number cancellations refer to.
    let id: UInt64
    /// `GET` or `POST`.
    var method = "POST"
    let url: String
    let headers: [String: String]
    let body: Data
    /// What becomes of the response's body: dropped, kept for the response, or handed on piece by piece.
    var reading = HTTPClient.BodyReading.discard
    /// The whole transfer's limit, nil for the client's; 0 for none (a stream, ended by a stall instead).
    var timeoutMilliseconds: Int?
    let continuation: CheckedContinuation<Result<HTTPClientResponse, HTTPClientError>, Never>

    /// Resumes the caller, exactly once per request.
    func finish(_ result: Result<HTTPClientResponse, HTTPClientError>) {
        continuation.resume(returning: result)
    }
}
