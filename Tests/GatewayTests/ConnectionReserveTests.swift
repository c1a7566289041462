import Foundation
import HTTPServer
import Testing

@testable import Gateway

/// Past the connection limit only `/healthz` and `/metrics` reach their routes; the rest get the JSON 503.
@Suite struct ConnectionReserveTests {
    static func respond(_ path: String, open: Int, limit: Int = 4) async throws -> HTTPResponse {
        var request = HTTPRequest(method: .get, path: path)
        request.openConnections = open
        return try await ConnectionReserve(limit: limit).respond(to: request) { _ in HTTPResponse(status: 200) }
    }

    @Test(arguments: ["/v1/jobs", "/", "/healthz/x", "/metrics.txt"])
    func pastTheLimitAnyOtherPathIsRefused(_ path: String) async throws {
        let response = try await Self.respond(path, open: 5)
        #expect(response.status == 503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(response.headers["Connection"] == "close")
        guard case .data(let data) = response.body else { return #expect(Bool(false), "expected a JSON body") }
        let body = try JSONDecoder().decode([String: [String: String]].self, from: data)
        #expect(body["error"]?["code"] == "tooManyConnections")
    }

    @Test(arguments: ["/healthz", "/metrics"])
    func pastTheLimitHealthAndMetricsAreServed(_ path: String) async throws {
        #expect(try await Self.respond(path, open: 12).status == 200)
    }

    @Test func atTheLimitEverythingIsServed() async throws {
        #expect(try await Self.respond("/v1/jobs", open: 4).status == 200)
    }
}
