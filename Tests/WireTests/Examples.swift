import Foundation
import JSON
import Presentation
import Schema
import Wire

/// One example of every message, used by the round-trip tests and checked against docs/protocol.md.
enum Examples {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)
    static let presentation = try! Presentation(
        .confirmationDialog(
            "Remove download", titleVisibility: .visible, message: "Blue in Green will no longer be available offline.",
            actions: [
                Action(id: "remove", label: "Remove", role: .destructive, localization: Localization("action.remove")),
                Action(id: "cancel", label: "Cancel", role: .cancel, localization: Localization("action.cancel")),
            ],
            item: .object(["trackID": .string("t-101"), "title": .string("Blue in Green")]),
            localization: Localization("removeDownload.confirm", ["Blue in Green"])),
        id: "prs_5f1c2a9d0b7e4c31", job: "job_8a0d3c5e9f1b2a47", sequence: 1, createdAt: at)
    static let resolution = Resolution(
        presentation: presentation.id, job: presentation.job, cause: .answered, action: "remove", by: "ana", channel: "cli",
        at: at.addingTimeInterval(12))
    static let input = RawJSON.object(["trackID": .string("t-101"), "title": .string("Blue in Green")])
    static let job = Job(
        id: presentation.job, operation: "removeDownload", input: input, phase: .running, presentation: presentation,
        attempts: 1, createdAt: at.addingTimeInterval(-1), updatedAt: at)
    static let event = Event(sequence: 42, type: .presentationPending, at: at, job: job, presentation: presentation)
    static let answered = HistoryEntry.resolved(resolution)
    static let finished: HistoryEntry = {
        var entry = HistoryEntry(.finished, at: at.addingTimeInterval(13))
        (entry.state, entry.outcome) = (.succeeded, Job.Outcome(resolution))
        return entry
    }()
    static let greet = OperationAnnouncement(
        name: "greet", summary: "Greet someone by name, once a person agrees",
        input: .object(["name": .string(minLength: 1, maxLength: 100)], required: ["name"], additionalProperties: .forbidden),
        catalog: Catalog(["en": ["greet.confirm.title": "Greet {0}?"], "es": ["greet.confirm.title": "¿Saludar a {0}?"]]))

    static let clientRequests: [ClientRequest] = [
        .submit(.init(operation: "removeDownload", input: input, idempotencyKey: "order-1234", answerWithin: 1_800)),
        .submitMany(
            .init(
                operation: "greet",
                items: [.init(input: .object(["name": .string("Ana")]), idempotencyKey: "greet-1"), .init(input: .object(["nmae": .string("Bo")]))],
                answerWithin: 1_800)),
        .status(.init(job: job.id)),
        .status(.init(job: job.id, history: true)),
        .jobs(.init(state: .waiting, limit: 20, after: "18")),
        .pending(.init(limit: 100, after: "1795000000000-prs_0a1b2c3d4e5f6a7b")),
        .presentation(.init(id: presentation.id)),
        .answer(.init(presentation: presentation.id, action: "remove", by: "ana", channel: "cli")),
        .cancel(.init(job: job.id)),
        .events(.init(after: 41, limit: 100)),
        .stats,
        .operations(.init(name: "greet")),
        .history(.init(job: job.id, limit: 2, after: "40")),
    ]

    static let brokerReplies: [BrokerReply] = [
        .job(job),
        .submitted(
            .init(items: [
                .init(job: "job_0199a3f2c4e81b2d3f4a5b6c7"),
                .init(
                    error: WireError(
                        .invalidInput, "the input of greet breaks its schema (1 problem): $.name: is required",
                        violations: [SchemaViolation(path: "$.name", message: "is required")])),
            ])),
        .jobWithHistory(.init(job: job, history: .init(job: job.id, entries: [answered], next: nil))),
        .jobs(.init(jobs: [job], next: "17")),
        .pending(
            .init(
                presentations: [presentation], sequence: 42, operations: [job.id: "removeDownload"], next: "1795000000000-prs_5f1c2a9d0b7e4c31")),
        .presentation(.init(presentation: presentation, resolution: resolution, operation: "removeDownload")),
        .resolution(resolution),
        .events(.init(events: [event], last: 44, next: 42, cutShort: true)),
        .stats(
            .init(
                jobs: ["queued": 1, "running": 0, "waiting": 1, "succeeded": 5, "failed": 0, "cancelled": 1], pending: 1, workers: 2, sequence: 42, commits: 17)
        ),
        .operations(
            .init(operations: [
                OperationInfo(
                    name: greet.name, summary: greet.summary, input: greet.input, catalog: greet.catalog, workers: ["worker-a"],
                    jobs: .init(queued: 1, running: 0, waiting: 2), announcedAt: at, announcedBy: "worker-a")
            ])),
        .history(.init(job: job.id, entries: [answered, finished], next: "42")),
        .error(WireError(.alreadyResolved, "presentation \(presentation.id) was already answered by ana (cli) with remove", resolution: resolution)),
        .error(
            WireError(
                .invalidInput, "the input of greet breaks its schema (2 problems): $.name: is required; $.nmae: is not allowed (not one of the properties)",
                violations: [
                    SchemaViolation(path: "$.name", message: "is required"),
                    SchemaViolation(path: "$.nmae", message: "is not allowed (not one of the properties)"),
                ])),
    ]

    static let workerMessages: [WorkerMessage] = [
        .ready(.init(name: "worker-a", operations: [greet], capacity: 4, batches: true, asked: true)),
        .heartbeat,
        .present(
            .init(
                job: job.id, attempt: 1, sequence: 1,
                draft: .confirmationDialog(
                    "Remove download", titleVisibility: .visible, message: "Blue in Green will no longer be available offline.",
                    actions: [Action(id: "remove", label: "Remove", role: .destructive)]))),
        .withdraw(.init(job: job.id, attempt: 1)),
        .step(.init(job: job.id, attempt: 1, name: "delete", value: .bool(true))),
        .progress(.init(job: job.id, attempt: 1, done: 524_288, total: 1_048_576)),
        .result(.init(job: job.id, attempt: 1, outcome: .succeeded, output: .object(["removed": .bool(true)]))),
        .refuse(.init(job: job.id, attempt: 2, code: "tooLarge", message: "dispatch: body of 1049000 bytes is over the 1048576-byte limit (maxMessageBytes)")),
        .disconnect,
        .drop(.init(job: job.id, attempt: 1)),
    ]

    static let brokerCommands: [BrokerCommand] = [
        .dispatch(
            .init(
                job: job.id, attempt: 2, operation: "removeDownload", input: input,
                history: History(
                    steps: ["delete": .bool(true)], answered: [.init(sequence: 1, resolution: resolution)]))),
        .presented(presentation),
        .asked(.init(id: presentation.id)),
        .stepRecorded(.init(job: job.id, attempt: 1)),
        .resume(.init(job: job.id, attempt: 1, sequence: 1, resolution: resolution)),
        .cancel(.init(job: job.id, attempt: 1)),
        .forget(.init(job: job.id, attempt: 1)),
        .refused(WireError(.stale, "job \(job.id) attempt 1 is not yours")),
        .heartbeat,
        .reconnect,
        .welcome(.init(operations: ["greet"], batches: true, maxMessageBytes: 1_048_576)),
        .dispatches(
            .init([
                .init(job: "job_8a0d3c5e9f1b2a47", attempt: 1, operation: "greet", input: .object(["name": .string("Ana")]), history: History()),
                .init(job: "job_8a0d3c5e9f1b2a48", attempt: 1, operation: "greet", input: .object(["name": .string("Bo")]), history: History()),
            ])),
    ]

    /// A worker's batch: a step awaiting its acknowledgement, a progress report and a result, in one message.
    static let batch = WorkerBatch([
        .init(.step(.init(job: job.id, attempt: 1, name: "delete", value: .bool(true))), correlation: "w7"),
        .init(.progress(.init(job: "job_8a0d3c5e9f1b2a48", attempt: 1, done: 3, total: 4))),
        .init(.result(.init(job: "job_8a0d3c5e9f1b2a49", attempt: 1, outcome: .succeeded, output: .object(["greeted": .string("Bo")])))),
    ])

    /// The body of a message as it travels (sorted keys, one line).
    static func body(_ message: some WireMessage) -> String {
        String(decoding: try! message.body(), as: UTF8.self)
    }
}
