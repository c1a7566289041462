import HTTPServer
import Presentation
import Wire

extension API {
    /// `GET /v1/presentations`, `GET /v1/presentations/{id}` and `POST /v1/presentations/{id}/answer`.
    var presentationRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/v1/presentations", access: .scope(.read),
                RouteDescription(
                    "Pending presentations, oldest first", id: "listPresentations", parameters: [Parameter.limit, Parameter.cursor],
                    responses: [.ok(200, "A page of the pending snapshot and the event sequence it reflects.", "PresentationPage")])
            ) { request, _ throws(APIError) in
                try await listPending(request)
            },
            GatewayRoute(
                .get, "/v1/presentations/{id}", access: .scope(.read),
                RouteDescription(
                    "A presentation and its resolution", id: "getPresentation", parameters: [Parameter.id],
                    responses: [.ok(200, "Pending (resolution null) or resolved.", "PresentationState"), .error(404, "No such presentation.")])
            ) { request, _ throws(APIError) in
                // The broker writes the body this route answers with: passed on as it came.
                try await passedOn(.presentation(.init(id: try request.parameter("id"))), expecting: "presentation")
            },
            GatewayRoute(
                .post, "/v1/presentations/{id}/answer", access: .scope(.answer),
                RouteDescription(
                    "Answer or dismiss a presentation", id: "answerPresentation",
                    parameters: [Parameter.id, Parameter.header("X-Interlude-Channel", "http (default), web, webhook or cli.")], body: "AnswerRequest",
                    responses: [
                        .ok(200, "This answer took effect.", "Resolution"),
                        .ok(202, "One approval recorded; the action needs more people. The question with its approvals so far.", "PresentationState"),
                        .error(400, "The body is not JSON."), .error(404, "No such presentation."),
                        .error(409, "Already resolved, withdrawn, expired or stale (error.resolution is the winner), or already approved by this person."),
                        .error(422, "The presentation offers no such action."),
                    ])
            ) { request, caller throws(APIError) in
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
        let operations = Dictionary(page.compactMap { entry in snapshot.operations[entry.presentation.job].map { (entry.presentation.job, $0) } }) { first, _ in
            first
        }
        let approvals = snapshot.approvals.filter { id, _ in page.contains { $0.presentation.id == id } }
        return .json(
            Bodies.PresentationPage(
                presentations: page.map(\.presentation), next: next, sequence: snapshot.sequence, operations: operations, approvals: approvals))
    }
}
