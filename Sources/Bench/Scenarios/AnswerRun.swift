import Client
import Foundation
import JSON
import Operations
import Presentation
import Wire

/// One question-asking job at a time — wait for its question, answer it, time the answer to `job.succeeded`.
enum AnswerRun {
    /// The job that asks and the action that answers it.
    struct Probe: Sendable {
        let operation: String
        let action: String

        /// The bench's own operation, in its in-process worker.
        static let benchConfirm = Probe(operation: BenchConfirm.name, action: BenchConfirm.proceed)
        /// A shipped operation the stock worker runs; its cancel action ends it without touching the library.
        static let resetPreferences = Probe(operation: ResetPreferences.name, action: "cancel")
    }

    /// The figures of M questions, in microseconds.
    struct Result: Encodable, Sendable {
        /// `separate` or `one`, as in `ThroughputRun.Result`.
        let processes: String
        let operation: String
        let synchronous: String
        let questions: Int
        /// Answer request sent to `job.succeeded` event received.
        let answerToSucceeded: Latency
        /// Answer request sent to its reply (the resolution is journaled).
        let answerAcknowledged: Latency
        /// Submit request sent to `presentation.pending` event received.
        let submitToPending: Latency
    }

    static func run(
        _ probe: BenchProbe, asking asker: Probe, processes: String, synchronous: String, questions: Int, limit: Duration
    ) async throws -> Result {
        let deadline = ContinuousClock.now + limit
        var completion: [Duration] = []
        var acknowledged: [Duration] = []
        var asked: [Duration] = []
        do {
            for index in 0..<questions {
                guard ContinuousClock.now < deadline else {
                    throw BenchFailure("answer latency: \(index) of \(questions) questions done when the \(limit) limit passed")
                }
                let submitted = ContinuousClock.now
                let job = try await probe.client.submit(asker.operation, input: .object([:]))
                let question = try await probe.questions.wait(for: job.id, timeout: .seconds(10), what: "presentation.pending of \(job.id)")
                let answered = ContinuousClock.now
                let reply = try await probe.client.answer(question.presentation, action: asker.action, by: "bench", channel: "bench")
                let replied = ContinuousClock.now
                guard let resolution = reply.resolution, resolution.action == asker.action else {
                    throw BenchFailure("presentation \(question.presentation): \(reply.summary), not resolved to \(asker.action)")
                }
                let done = try await probe.succeeded.wait(for: job.id, timeout: .seconds(10), what: "job.succeeded of \(job.id) after its answer")
                asked.append(question.at - submitted)
                acknowledged.append(replied - answered)
                completion.append(done - answered)
            }
        } catch {
            probe.succeeded.failAll(error)
            throw error
        }
        return Result(
            processes: processes, operation: asker.operation, synchronous: synchronous, questions: questions, answerToSucceeded: Latency(completion),
            answerAcknowledged: Latency(acknowledged), submitToPending: Latency(asked))
    }
}
