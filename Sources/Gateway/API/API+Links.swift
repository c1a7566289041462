import Foundation
import HTTPServer
import JSON
import Presentation
import Wire

extension API {
    /// `POST /v1/presentations/{id}/links`, and the link's own page: `GET` shows the question and
    /// answers nothing, `POST` (its form) answers as the link's person through channel `link`.
    var linkRoutes: [GatewayRoute] {
        let pages = [
            (200, "An HTML page: the question, or what the answer did."), (403, "A page: the link is not valid here, or its person may not answer."),
            (404, "A page: no such question, or no link keys."), (409, "A page: this person already approved."),
            (410, "A page: the link expired, or the question is no longer waiting."), (422, "The question again, saying what to fix."),
            (503, "A page: try again later (the broker did not answer)."),
        ].map { RouteDescription.Response(status: $0, description: $1, content: .media("text/html")) }
        return [
            GatewayRoute(
                .post, "/v1/presentations/{id}/links", access: .scope(.link),
                RouteDescription(
                    "Make an answer link for one person of a pending question's audience", id: "createAnswerLink",
                    parameters: [Parameter.id], body: "LinkRequest",
                    responses: [
                        .ok(201, "The signed link.", "AnswerLink"), .error(422, "The person is not in the question's audience, or a bad expiry."),
                        .error(404, "No such presentation, or no link key."), .error(409, "The question is not pending."),
                    ])
            ) { request, _ throws(APIError) in
                try await createLink(request)
            },
            GatewayRoute(
                .get, "/answer/{id}/{link}", access: .open,
                RouteDescription(
                    "The page of an answer link: the question and its actions; answers nothing", id: "answerLinkPage",
                    parameters: [Parameter.id, Parameter.path("link", "The signed link.")], responses: pages)
            ) { request, _ in
                await linkPage(request, answering: false)
            },
            GatewayRoute(
                .post, "/answer/{id}/{link}", access: .open,
                RouteDescription(
                    "Answer through an answer link's form (application/x-www-form-urlencoded: action, value.FIELD)", id: "answerByLink",
                    parameters: [Parameter.id, Parameter.path("link", "The signed link.")], responses: pages)
            ) { request, _ in
                await linkPage(request, answering: true)
            },
            GatewayRoute(
                .get, LinkPage.stylePath, access: .open,
                RouteDescription(
                    "The style sheet of answer link pages", id: "answerLinkStyle",
                    responses: [.init(status: 200, description: "The style sheet.", content: .media("text/css"))])
            ) { _, _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "text/css; charset=utf-8", "Cache-Control": "max-age=3600"], body: Data(LinkPage.style.utf8))
            },
        ]
    }

    /// The body of `POST /v1/presentations/{id}/links`' answer.
    private struct IssuedLink: Encodable {
        let url: String
        let presentation: String
        let `for`: String
        let expiresAt: Date
    }

    private func createLink(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let id = try request.parameter("id")
        let body = try RequestBody(request)
        guard let person = try body.string("for") else { throw .invalid("Give \"for\": the name of the person the link answers as.") }
        let lifetime: TimeInterval?
        switch body.fields["expiresIn"] {
        case nil, .null?: lifetime = nil
        case .integer(let seconds)?: lifetime = TimeInterval(seconds)
        case .number(let seconds)?: lifetime = seconds
        default: throw .invalid("\"expiresIn\" must be a number of seconds.")
        }
        guard let keys = linkKeys.current else { throw APIError(404, "linksDisabled", LinkRefusal(.disabled).message) }
        let state = try await presentation(id)
        let link: AnswerLink
        do {
            link = try AnswerLink(issuing: state, for: person, groups: tokens.current.groups(of: person), lifetime: lifetime, now: Date())
        } catch {
            switch error.code {
            case .resolved: throw APIError(409, "notPending", "Presentation \(id) is not pending; no link can answer it.")
            case .notInAudience: throw APIError(422, "notInAudience", error.message)
            default: throw .invalid(error.message)
            }
        }
        // Without a publicUrl the link points where the caller reached the gateway (its Host passed `OriginPolicy`).
        let base = configuration.origins.publicOrigin ?? "http://\(request.headers["Host"] ?? "\(configuration.host):\(configuration.port)")"
        let url = base + "/answer/\(link.presentation)/\(link.signed(with: keys))"
        return .json(201, IssuedLink(url: url, presentation: link.presentation, for: link.person, expiresAt: link.expiresAt))
    }
}
