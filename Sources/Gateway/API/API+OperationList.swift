import HTTPServer
import Wire

extension API {
    /// `GET /v1/operations` and `GET /v1/operations/{name}`: what `interlude operations` shows.
    var operationListRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/v1/operations", access: .scope(.read),
                RouteDescription(
                    "The operations workers have announced", id: "listOperations",
                    responses: [.ok(200, "Each with its summary, input schema, texts, workers and jobs, sorted by name.", "OperationList")])
            ) { _, _ throws(APIError) in
                let list = try await operationList(named: nil)
                // Fresh from the broker: what the OpenAPI document and the page's texts use next is this too.
                operations.keep(list.operations)
                return .json(list)
            },
            GatewayRoute(
                .get, "/v1/operations/{name}", access: .scope(.read),
                RouteDescription(
                    "One announced operation", id: "getOperation",
                    parameters: [Parameter.path("name", "The operation's name, such as removeDownload.")],
                    responses: [.ok(200, "The operation.", "OperationInfo"), .error(404, "No worker has announced it.")])
            ) { request, _ throws(APIError) in
                let list = try await operationList(named: try request.parameter("name"))
                guard let info = list.operations.first else { throw APIError(404, "notFound", "No worker has announced that operation.") }
                return .json(info)
            },
        ]
    }

    /// The broker's listing, fresh: a person who just started a worker sees it at once.
    private func operationList(named name: String?) async throws(APIError) -> BrokerReply.OperationList {
        try await ask(.operations(.init(name: name))) { reply in
            if case .operations(let list) = reply { return list }
            return nil
        }
    }
}
