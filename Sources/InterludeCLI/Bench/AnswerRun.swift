import Foundation
import Wire

/// Part 2: one `benchConfirm` job at a time — wait for its question, answer it, time the answer to `job.succeeded`.
enum AnswerRun {
    /// The figures of M questions, in microseconds.
    struct Result: Encodable, Sendable {
        let synchronous: String
        let questions: Int
        /// Answer request sent to `job.succeeded` event received.
        let answerToSucceeded: Latency
        /// Answer request sent to its reply (the resolution is journaled).
        let answerAcknowledged: Latency
        /// Submit request sent to `presentation.pending` event received.
        let submitToPending: Latency
    }

    static func run(_ system: BenchSystem, synchronous: String, questions: Int, limit: Duration) async throws -> Result {
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
                let job = try await system.client.submit(BenchConfirm.name, input: .object([:]))
                let question = try await system.questions.wait(for: job.id, timeout: .seconds(10), what: "presentation.pending of \(job.id)")
                let answered = ContinuousClock.now
                let resolution = try await system.client.answer(question.presentation, action: BenchConfirm.proceed, by: "bench", channel: "bench")
                let replied = ContinuousClock.now
                guard resolution.action == BenchConfirm.proceed else {
                    throw BenchFailure("presentation \(question.presentation) resolved to \(resolution.action ?? "no action"), not \(BenchConfirm.proceed)")
                }
                let done = try await system.succeeded.wait(for: job.id, timeout: .seconds(10), what: "job.succeeded of \(job.id) after its answer")
                asked.append(question.at - submitted)
                acknowledged.append(replied - answered)
                completion.append(done - answered)
            }
        } catch {
            system.succeeded.failAll(error)
            throw error
        }
        return Result(
            synchronous: synchronous, questions: questions, answerToSucceeded: Latency(completion),
            answerAcknowledged: Latency(acknowledged), submitToPending: Latency(asked))
    }
}
