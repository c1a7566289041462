extension OpenAPIDocument {
    /// The operations under `/v1` that talk to the broker.
    static var apiOperations: [OpenAPIOperation] {
        let submitted = ok(202, "The queued job (the same one for a repeated key); Location: /v1/jobs/{id}.", "Job")
        let notJSON = error(400, "The body is not JSON.")
        let unprocessable = error(422, "Unknown operation, or input that does not fit it.")
        return [
            .init(method: .post, path: "/v1/operations", summary: "Submit an operation", access: .scope(.submit),
                  parameters: [header("Idempotency-Key", "The same key returns the job it already created.")],
                  body: "SubmitRequest", responses: [submitted, notJSON, unprocessable, error(413, "The body is too large.")]),
            .init(method: .post, path: "/v1/webhooks/operations", summary: "Submit an operation by signed webhook",
                  access: .signature,
                  parameters: [header("webhook-id", "Message id; a repeated id returns the same job."), header("webhook-timestamp", "Seconds since 1970.")],
                  body: "SubmitRequest", responses: [submitted, notJSON, unprocessable]),
            .init(method: .get, path: "/v1/jobs", summary: "Jobs, newest first", access: .scope(.read),
                  parameters: [query("state", "queued, running, waiting, succeeded, failed or cancelled."), limit, cursor],
                  responses: [ok(200, "A page of jobs; next is null on the last.", "JobPage"), error(400, "A bad parameter.")]),
            .init(method: .get, path: "/v1/jobs/{id}", summary: "A job", access: .scope(.read), parameters: [id],
                  responses: [ok(200, "The job.", "Job"), error(404, "No such job.")]),
            .init(method: .post, path: "/v1/jobs/{id}/cancel", summary: "Cancel a job", access: .scope(.submit), parameters: [id],
                  responses: [
                    ok(200, "The job, cancelled.", "Job"), ok(202, "The job, running and asked to stop.", "Job"),
                    error(404, "No such job."), error(409, "The job has already ended."),
                  ]),
            .init(method: .get, path: "/v1/presentations", summary: "Pending presentations, oldest first", access: .scope(.read),
                  parameters: [limit, cursor],
                  responses: [ok(200, "A page of the pending snapshot and the event sequence it reflects.", "PresentationPage")]),
            .init(method: .get, path: "/v1/presentations/{id}", summary: "A presentation and its resolution", access: .scope(.read),
                  parameters: [id], responses: [ok(200, "Pending (resolution null) or resolved.", "PresentationState"), error(404, "No such presentation.")]),
            .init(method: .post, path: "/v1/presentations/{id}/answer", summary: "Answer or dismiss a presentation",
                  access: .scope(.answer),
                  parameters: [id, header("X-Interlude-Channel", "http (default), web or webhook.")], body: "AnswerRequest",
                  responses: [
                    ok(200, "This answer took effect.", "Resolution"), notJSON, error(404, "No such presentation."),
                    error(409, "Already resolved, withdrawn, expired or stale; error.resolution is the winner."),
                    error(422, "The presentation offers no such action."),
                  ]),
            .init(method: .get, path: "/v1/events", summary: "Server-Sent Events of the broker's events", access: .scope(.read),
                  parameters: [
                    header("Last-Event-ID", "Resume after this event sequence."),
                    query("lastEventId", "The same, for clients that cannot set headers.", type: "integer"),
                  ],
                  responses: [
                    .init(status: 200, description: "id: sequence, event: type, data: Event JSON; a comment every 15 s.",
                          content: .media("text/event-stream")),
                    error(400, "A bad Last-Event-ID."),
                  ]),
        ]
    }
}
