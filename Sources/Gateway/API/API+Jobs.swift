import HTTPServer
import Wire

extension API {
    /// `GET /v1/jobs`, `GET /v1/jobs/{id}`, `GET /v1/jobs/{id}/history` and `POST /v1/jobs/{id}/cancel`.
    var jobRoutes: [GatewayRoute] {
        [
            GatewayRoute(
                .get, "/v1/jobs", access: .scope(.read),
                RouteDescription(
                    "Jobs, newest first", id: "listJobs",
                    parameters: [Parameter.query("state", "queued, running, waiting, succeeded, failed or cancelled."), Parameter.limit, Parameter.cursor],
                    responses: [
                        .ok(200, "A page of jobs; next is null on the last, cutShort when fewer than asked fit in one message.", "JobPage"),
                        .error(400, "A bad parameter."),
                    ])
            ) { request, _ throws(APIError) in
                try await listJobs(request)
            },
            GatewayRoute(
                .get, "/v1/jobs/{id}", access: .scope(.read),
                RouteDescription(
                    "A job, with the first page of its timeline (history; historyNext continues it)", id: "getJob", parameters: [Parameter.id],
                    responses: [.ok(200, "The job with its timeline.", "JobWithHistory"), .error(404, "No such job.")])
            ) { request, _ throws(APIError) in
                let (job, page) = try await jobWithHistory(try request.parameter("id"))
                return .written(
                    200,
                    Bodies.JobWithHistory(
                        job: ServerPaths.redacted(job), history: page.entries.map(ServerPaths.redacted), next: page.next, refusalsOmitted: page.refusalsOmitted)
                )
            },
            GatewayRoute(
                .get, "/v1/jobs/{id}/history", access: .scope(.read),
                RouteDescription(
                    "A page of a job's timeline, oldest first", id: "getJobHistory", parameters: [Parameter.id, Parameter.limit, Parameter.cursor],
                    responses: [.ok(200, "A page of the timeline; next is null on the last.", "HistoryPage"), .error(404, "No such job.")])
            ) { request, _ throws(APIError) in
                let page = try await historyPage(
                    try request.parameter("id"), limit: try QueryParameters.limit(request), after: try QueryParameters.cursor(request))
                return .json(
                    Bodies.HistoryPage(job: page.job, history: page.entries.map(ServerPaths.redacted), next: page.next, refusalsOmitted: page.refusalsOmitted))
            },
            GatewayRoute(
                .post, "/v1/jobs/{id}/cancel", access: .scope(.submit),
                RouteDescription(
                    "Cancel a job", id: "cancelJob", parameters: [Parameter.id],
                    responses: [
                        .ok(200, "The job, cancelled.", "Job"), .ok(202, "The job, running and asked to stop.", "Job"),
                        .error(404, "No such job."), .error(409, "The job has already ended."),
                    ])
            ) { request, _ throws(APIError) in
                let job = try await job(.cancel(.init(job: try request.parameter("id"))))
                // A running job is only asked to stop: 202 until it notices, 200 once it has ended.
                return .written(job.isFinished ? 200 : 202, job)
            },
        ]
    }

    /// The job and the first page of its timeline, in one round trip (a `status` asking for its history);
    /// a broker from before `status` carried history answers `job`, and the page is asked for after it.
    private func jobWithHistory(_ id: String) async throws(APIError) -> (Job, BrokerReply.HistoryPage) {
        let reply = try await ask(.status(.init(job: id, history: true))) { reply -> BrokerReply? in
            switch reply {
            case .job, .jobWithHistory: reply
            default: nil
            }
        }
        if case .jobWithHistory(let both) = reply { return (both.job, both.history) }
        guard case .job(let job) = reply else { throw APIError(502, "unexpectedReply", "The broker answered \(reply.type) to status.") }
        return (job, try await historyPage(id, limit: nil, after: nil))
    }

    private func historyPage(_ job: String, limit: Int?, after: String?) async throws(APIError) -> BrokerReply.HistoryPage {
        try await ask(.history(.init(job: job, limit: limit, after: after))) { reply in
            if case .history(let page) = reply { return page }
            return nil
        }
    }

    private func listJobs(_ request: HTTPRequest) async throws(APIError) -> HTTPResponse {
        let state = try QueryParameters.state(request, as: Job.State.self)
        let limit = try QueryParameters.limit(request)
        let cursor = try QueryParameters.cursor(request)
        if let cursor, Int64(cursor) == nil { throw .badRequest("cursor \"\(cursor)\" is not one this API gave out.") }
        let page = try await ask(.jobs(.init(state: state, limit: limit, before: cursor))) { reply in
            if case .jobs(let page) = reply { return page }
            return nil
        }
        return .written(200, Bodies.JobPage(jobs: page.jobs.map(ServerPaths.redacted), next: page.next, cutShort: page.cutShort, trimmed: page.trimmed))
    }
}
