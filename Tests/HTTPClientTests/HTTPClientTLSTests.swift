import Foundation
import Testing

@testable import HTTPClient

/// HTTPS against a Python endpoint with the self-signed certificate in `Fixtures/` (see its README).
@Suite struct HTTPClientTLSTests {
    /// `tls_receiver.py` running on a free loopback port until `stop()`. Nothing here blocks a thread:
    /// the port is read from a file the script writes, polled with a bounded wait.
    final class TLSEndpoint {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        static let certificate = fixtures.appendingPathComponent("loopback-cert.pem")
        private let process = Process()
        let url: URL

        init() async throws {
            let portFile = FileManager.default.temporaryDirectory.appendingPathComponent("tls-receiver-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: portFile) }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", Self.fixtures.appendingPathComponent("tls_receiver.py").path, Self.certificate.path,
                Self.fixtures.appendingPathComponent("loopback-key.pem").path, portFile.path,
            ]
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = ContinuousClock.now + .seconds(30)
            while true {
                if let text = try? String(contentsOf: portFile, encoding: .utf8), let port = Int(text) {
                    url = URL(string: "https://127.0.0.1:\(port)/hooks")!
                    return
                }
                guard process.isRunning, ContinuousClock.now < deadline else {
                    process.terminate()
                    throw TLSEndpointFailed(output: "tls_receiver.py did not start within 30 s")
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }

        /// Ends the script (SIGTERM).
        func stop() {
            process.terminate()
        }
    }

    struct TLSEndpointFailed: Error {
        let output: String
    }

    @Test func aTrustedCertificateIsAnsweredOverOneKeptAliveConnection() async throws {
        let endpoint = try await TLSEndpoint()
        defer { endpoint.stop() }
        let client = HTTPClient(timeout: .seconds(30), certificateAuthorities: TLSEndpoint.certificate)
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
        let endpoint = try await TLSEndpoint()
        defer { endpoint.stop() }
        let client = HTTPClient(timeout: .seconds(30))
        defer { client.close() }
        let error = await #expect(throws: HTTPClientError.self) {
            try await client.post(url: endpoint.url, headers: [:], body: Data("{}".utf8))
        }
        #expect(error?.code == .tlsFailure)
        #expect(error?.description == "TLS failure")
    }
}
