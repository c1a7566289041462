import HTTPServer
import Presentation
import Wire

extension API {
    /// The channels an answer may come through over HTTP, named by `X-Interlude-Channel`; `cli` is the
    /// command line over the gateway (`--gateway`), recorded as it is over ZeroMQ.
    static let channels: Set<String> = ["http", "web", "webhook", "cli"]

    /// Answers with `{"action": id, "values": {field: text}}` or dismisses with `{"dismiss": true}`,
    /// recording the caller and channel; values the question's fields refuse get 422 naming each field.
    func answer(_ request: HTTPRequest, by caller: Caller) async throws(APIError) -> HTTPResponse {
        let id = try request.parameter("id")
        let body = try RequestBody(request)
        let action = try body.string("action")
        let dismiss = try body.bool("dismiss") ?? false
        let values = try body.strings("values")
        guard (action != nil) != dismiss else {
            throw .invalid("Give either \"action\" (the id of one of the presentation's actions) or \"dismiss\": true.")
        }
        let channel = try Self.channel(request)
        let answer = ClientRequest.AnswerRequest(
            presentation: id, action: action, dismiss: dismiss ? true : nil, by: caller.name, channel: channel, values: values,
            groups: caller.groups)
        do {
            // The broker's reply is passed on as it came: the resolution (200), or for one approval of several
            // the question as it stands with its approvals so far (202).
            return try await passedOn(.answer(answer), statuses: ["resolution": 200, "presentation": 202])
        } catch {
            throw await withWinner(error, presentation: id)
        }
    }

    /// A stale refusal without a resolution gets the presentation's own, when it has one by now.
    private func withWinner(_ error: APIError, presentation id: String) async -> APIError {
        guard error.carriesResolution, error.resolution == nil,
            let state = try? await presentation(id), let resolution = state.resolution
        else { return error }
        var completed = error
        completed.resolution = resolution
        return completed
    }

    private static func channel(_ request: HTTPRequest) throws(APIError) -> String {
        guard let channel = request.headers["X-Interlude-Channel"] else { return "http" }
        guard channels.contains(channel) else {
            throw .badRequest("X-Interlude-Channel must be http, web, webhook or cli, got \"\(channel)\".")
        }
        return channel
    }
}
