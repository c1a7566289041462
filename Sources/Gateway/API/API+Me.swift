import HTTPServer
import JSON
import Presentation

extension API {
    /// `GET /v1/me`: who the caller is, so a page can show what is meant for them first.
    var meRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/v1/me", access: .scope(.read),
                RouteDescription(
                    "Who the caller is: the token's name and groups (anonymous and none when the API is open)", id: "getCaller",
                    responses: [.ok(200, "The caller.", "Caller")])
            ) { _, caller in
                .json(JSONValue.object(["name": .string(caller.name), "groups": .array(caller.groups.map { .string($0) })]))
            }
        ]
    }
}
