import Presentation
import Wire

extension API {
    /// `GET /v1/presentations`, `GET /v1/presentations/{id}` and `POST /v1/presentations/{id}/answer`.
    var presentationRoutes: [GatewayRoute] {
        [
            GatewayRoute(.get, "/v1/presentations", access: .scope(.read)) { request, _ throws(APIError) in
                try await listPending(request)
            },
            GatewayRoute(.get, "/v1/presentations/{id}", access: .scope(.read)) { request, _ throws(APIError) in
                .json(Bodies.PresentationState(state: try await presentation(request.pathParameters["id"] ?? "")))
            },
            GatewayRoute(.post, "/v1/presentations/{id}/answer", access: .scope(.answer)) { request, caller throws(APIError) in
                try await answer(request, by: caller)
            },
        ]
    }

    /// A presentation, pending or resolved, with its resolution.
    func presentation(_ id: String) async throws(APIError) -> BrokerReply.PresentationState {
        try await ask(.presentation(.init(id: id))) { reply in
            if case .presentation(let state) = reply { return state }
            return nil
        }
    }

    private func listPending(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let limit = try QueryParameters.limit(request)
        let cursor = try QueryParameters.cursor(request).map { text throws(APIError) -> PendingCursor in
            guard let cursor = PendingCursor(text) else { throw .badRequest("cursor \"\(text)\" is not one this API gave out.") }
            return cursor
        }
        let snapshot = try await ask(.pending(.init(limit: ClientRequest.ListPending.limits.range.upperBound))) { reply in
            if case .pending(let snapshot) = reply { return snapshot }
            return nil
        }
        let ordered = snapshot.presentations
            .map { (cursor: PendingCursor($0), presentation: $0) }
            .sorted { $0.cursor < $1.cursor }
            .filter { entry in cursor.map { $0 < entry.cursor } ?? true }
        let page = ordered.prefix(limit)
        let next = ordered.count > limit ? page.last?.cursor.text : nil
        return .json(Bodies.PresentationPage(presentations: page.map(\.presentation), next: next, sequence: snapshot.sequence))
    }
}
