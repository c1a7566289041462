import Foundation
import Testing

@testable import HTTPClient

/// HTTPS against a Python endpoint with the self-signed certificate in `Fixtures/` (see its README).
@Suite struct HTTPClientTLSTests {
    /// `tls_receiver.py` running on a free loopback port until `stop()`.
    final class TLSEndpoint {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        static let certificate = fixtures.appendingPathComponent("loopback-cert.pem")
        private let process = Process()
        private let input = Pipe()
        let url: URL

        init() throws {
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", Self.fixtures.appendingPathComponent("tls_receiver.py").path, Self.certificate.path,
                Self.fixtures.appendingPathComponent("loopback-key.pem").path,
            ]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            // The script prints its port as soon as it listens; a failed start closes the pipe instead.
            let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                process.terminate()
                throw TLSEndpointFailed(output: line)
            }
            url = URL(string: "https://127.0.0.1:\(port)/hooks")!
        }

        /// Ends the script (it exits when its standard input closes).
        func stop() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    struct TLSEndpointFailed: Error {
        let output: String
    }

    @Test func aTrustedCertificateIsAnsweredOverOneKeptAliveConnection() async throws {
        let endpoint = try TLSEndpoint()
        defer { endpoint.stop() }
        let client = HTTPClient(timeout: .seconds(10), certificateAuthorities: TLSEndpoint.certificate)
        defer { client.close() }
        var ports: [String?] = []
        for index in 0..<5 {
            let response = try await client.post(url: endpoint.url, headers: ["content-type": "application/json"], body: Data("{\"n\":\(index)}".utf8))
            #expect(response.status == 204)
            ports.append(response.headers["x-client-port"])
        }
        #expect(ports.allSatisfy { $0 != nil && $0 == ports.first }, "every request on the first connection: \(ports)")
    }

    @Test func anUntrustedCertificateIsATLSFailureAndNothingIsSent() async throws {
        let endpoint = try TLSEndpoint()
        defer { endpoint.stop() }
        let client = HTTPClient(timeout: .seconds(10))
        defer { client.close() }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.post(url: endpoint.url, headers: [:], body: Data("{}".utf8))
        }
        #expect(error?.code == .tlsFailure)
        #expect(error?.description == "TLS failure")
    }
}
