import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite struct HTTPServerTests {
    struct Item: Codable, Equatable {
        let id: String
        let tags: [String]
    }

    static func router() -> Router {
        var router = Router()
        router.add(.post, "/items") { request in
            guard let item = try? JSONDecoder().decode(Item.self, from: request.body) else {
                return .error(400, code: "invalidJSON", message: "Expected an item.")
            }
            return .json(201, item)
        }
        router.add(.get, "/items/{id}") { request in
            .json(Item(id: request.pathParameters["id"] ?? "", tags: request.queryItems.compactMap(\.value)))
        }
        router.add(.delete, "/items/{id}") { _ in HTTPResponse(status: 204) }
        return router
    }

    static func start(maxBodySize: Int = 1 << 20) throws -> HTTPServer {
        try HTTPServer(configuration: HTTPServerConfiguration(maxBodySize: maxBodySize), handler: router())
    }

    @Test func aJSONRouteRoundTripsOverRealHTTP() async throws {
        let server = try Self.start()
        defer { server.stop() }
        #expect(server.port > 0)
        let item = Item(id: "a1", tags: ["x", "y"])
        let received = try await fetch(
            "POST", port: server.port, "/items", body: try JSONEncoder().encode(item),
            headers: ["Content-Type": "application/json"])
        #expect(received.status == 201)
        #expect(received.header("Content-Type") == "application/json")
        #expect(try JSONDecoder().decode(Item.self, from: received.body) == item)
    }

    @Test func anUnknownPathGets404WithTheJSONErrorBody() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let received = try await fetch(port: server.port, "/nowhere")
        #expect(received.status == 404)
        #expect(received.errorCode == "notFound")
        #expect(received.header("Content-Type") == "application/json")
    }

    @Test func aKnownPathWithTheWrongMethodGets405AndAnAllowHeader() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let received = try await fetch("PUT", port: server.port, "/items/7", body: Data("{}".utf8))
        #expect(received.status == 405)
        #expect(received.errorCode == "methodNotAllowed")
        #expect(received.header("Allow") == "GET, DELETE, HEAD")
    }

    @Test func pathParametersAndQueryItemsArriveDecoded() async throws {
        let server = try Self.start()
        defer { server.stop() }
        let received = try await fetch(port: server.port, "/items/a%2Fb%20c?tag=one+two&tag=caf%C3%A9&empty=")
        #expect(received.status == 200)
        let item = try JSONDecoder().decode(Item.self, from: received.body)
        #expect(item == Item(id: "a/b c", tags: ["one two", "café", ""]))
    }

    @Test func theMetricsCountEveryRequestByRoutePattern() async throws {
        let server = try Self.start()
        defer { server.stop() }
        _ = try await fetch(port: server.port, "/items/1")
        _ = try await fetch(port: server.port, "/items/2")
        _ = try await fetch(port: server.port, "/missing")
        let text = server.metrics.prometheusText()
        #expect(text.contains("# TYPE http_requests_total counter"))
        #expect(text.contains(#"http_requests_total{method="GET",route="/items/{id}",status="200"} 2"#))
        #expect(text.contains(#"http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
        #expect(text.contains("# TYPE http_request_duration_seconds histogram"))
        #expect(
            text.contains(
                #"http_request_duration_seconds_bucket{method="GET",route="/items/{id}",status="200",le="+Inf"} 2"#))
    }

    @Test func anAddressThatIsNotIPv4IsRefused() {
        #expect(throws: HTTPServerError.self) {
            try HTTPServer(configuration: HTTPServerConfiguration(host: "not-an-address"), handler: Router())
        }
    }
}
