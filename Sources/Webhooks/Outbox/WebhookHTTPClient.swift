import Foundation
import HTTPClient

/// POSTs webhook messages through an `HTTPClient` (libcurl on a thread of its own): no redirects followed,
/// no cookies, a hard timeout per attempt; connections are kept alive and reused between deliveries.
final class WebhookHTTPClient: Sendable {
    private let client: HTTPClient

    /// A client whose attempts each give up after `timeout`, keeping up to `connections` idle connections;
    /// `certificateAuthorities` (a PEM file) replaces the system's trusted certificates.
    init(timeout: Duration, connections: Int = 16, certificateAuthorities: URL? = nil) {
        client = HTTPClient(timeout: timeout, connections: max(16, connections), certificateAuthorities: certificateAuthorities, name: "webhooks-http")
    }

    /// Sends one POST to `url`; a 3xx comes back as the response, never followed.
    func post(url: URL, headers: [String: String], body: Data) async -> WebhookOutcome {
        do {
            let response = try await client.post(url: url, headers: headers, body: body)
            return .response(status: response.status, retryAfter: response.headers["retry-after"])
        } catch {
            return error.code == .cancelled ? .interrupted : .transportError(error.description)
        }
    }

    /// Cancels what is in flight and ends the client's thread.
    func close() {
        client.close()
    }
}
