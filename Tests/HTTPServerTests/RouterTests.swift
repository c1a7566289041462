import Foundation
import HTTPServer
import Testing

@Suite struct RouterTests {
    static func router() -> Router {
        var router = Router()
        router.add(.get, "/jobs/{id}") { request in
            HTTPResponse(body: Data("job \(request.pathParameters["id"] ?? "")".utf8))
        }
        router.add(.get, "/jobs/active") { _ in HTTPResponse(body: Data("active".utf8)) }
        router.add(.delete, "/jobs/{id}") { _ in HTTPResponse(status: 204) }
        router.add(.post, "/jobs/{id}/answers/{presentation}") { request in
            .json(request.pathParameters)
        }
        return router
    }

    @Test func aLiteralSegmentWinsOverAParameter() async {
        let response = await Self.router().handle(HTTPRequest(method: .get, path: "/jobs/active"))
        #expect(response.bodyData == Data("active".utf8))
        #expect(response.route == "/jobs/active")
    }

    @Test func aParameterRouteStillServesMethodsTheLiteralRouteLacks() async {
        let response = await Self.router().handle(HTTPRequest(method: .delete, path: "/jobs/active"))
        #expect(response.status == 204)
        #expect(response.route == "/jobs/{id}")
    }

    @Test func everyParameterIsCaptured() async throws {
        let response = await Self.router().handle(HTTPRequest(method: .post, path: "/jobs/j1/answers/p%202"))
        let parameters = try JSONDecoder().decode([String: String].self, from: try #require(response.bodyData))
        #expect(parameters == ["id": "j1", "presentation": "p 2"])
    }

    @Test func headIsServedByTheGetRoute() async {
        let response = await Self.router().handle(HTTPRequest(method: .head, path: "/jobs/j1"))
        #expect(response.status == 200)
    }

    @Test func aTrailingSlashMatchesTheSameRoute() async {
        let response = await Self.router().handle(HTTPRequest(method: .get, path: "/jobs/j1/"))
        #expect(response.bodyData == Data("job j1".utf8))
    }

    @Test func aWrongMethodListsEveryAllowedMethod() async {
        let response = await Self.router().handle(HTTPRequest(method: .patch, path: "/jobs/j1"))
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, DELETE, HEAD")
        #expect(response.route == "/jobs/{id}")
    }

    @Test func anUnknownPathIsNotFoundAndHasNoRoute() async {
        let response = await Self.router().handle(HTTPRequest(method: .get, path: "/jobs/j1/extra/segments"))
        #expect(response.status == 404)
        #expect(response.route == nil)
    }
}
