import Foundation
import GatewayClient
import HTTPClient
import Synchronization

/// The command line's way to the gateway: libcurl (the project's `HTTPClient`), which trusts the system's
/// certificate authorities or, with `--cacert FILE`, only those of the file — FoundationNetworking on Linux
/// has no way to name a private one. The event stream is handed on piece by piece as libcurl reads it.
struct CurlGatewayTransport: GatewayTransport {
    let client: HTTPClient
    /// The file of trusted certificate authorities, for the error that names it.
    let authorities: String?

    /// A transport whose requests give up after `timeout`, trusting the PEM file `authorities` when given.
    init(timeout: Duration = .seconds(30), authorities: String?) {
        self.authorities = authorities
        client = HTTPClient(
            timeout: timeout, connections: 4, certificateAuthorities: authorities.map { URL(fileURLWithPath: $0) }, name: "gateway-client")
    }

    func send(_ request: GatewayRequest) async throws(GatewayClientError) -> GatewayResponse {
        do {
            let response = try await client.send(request.method, url: request.url, headers: request.headers, body: request.body ?? Data(), reading: .keep)
            return GatewayResponse(status: response.status, headers: response.headers, body: response.body)
        } catch {
            throw failure(error)
        }
    }

    func stream(_ request: GatewayRequest) -> AsyncStream<GatewayStreamPart> {
        let (parts, output) = AsyncStream.makeStream(of: GatewayStreamPart.self)
        let client = client
        let transfer = Task {
            let said = StatusOnce()
            let reading = HTTPClient.BodyReading.stream { status, piece in
                if said.first() { output.yield(.status(status)) }
                output.yield(.data(piece))
            }
            do throws(HTTPClientError) {
                let response = try await client.send("GET", url: request.url, headers: request.headers, reading: reading, streaming: true)
                // A response without a body still says its status.
                if said.first() { output.yield(.status(response.status)) }
                output.yield(.ended(nil))
            } catch {
                output.yield(.ended(failure(error)))
            }
            output.finish()
        }
        output.onTermination = { _ in transfer.cancel() }
        return parts
    }

    /// libcurl's failure as the client's: a certificate not trusted says so and names `--cacert`.
    private func failure(_ error: HTTPClientError) -> GatewayClientError {
        guard error.code == .tlsFailure else {
            return GatewayClientError(status: 0, code: GatewayClientError.unreachable, message: error.description)
        }
        let trusted = authorities.map { "the certificate authorities of \($0)" } ?? "the system's certificate authorities (for a private one: --cacert FILE)"
        return GatewayClientError(
            status: 0, code: GatewayClientError.untrusted,
            message:
                "the gateway's certificate is not trusted (TLS failure, libcurl error \(error.curlCode)): it must name this host and be signed by \(trusted)")
    }
}

/// Whether the status has been said yet: true once, for the first caller.
private final class StatusOnce: Sendable {
    private let said = Atomic<Bool>(false)

    func first() -> Bool { !said.exchange(true, ordering: .relaxed) }
}
