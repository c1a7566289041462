import Foundation
import JSON
import Presentation
import Wire

/// `interlude submit OPERATION --inputs FILE`: the inputs sent in batches, each item's outcome printed in order.
struct BulkSubmit {
    let operation: String
    let inputs: BulkInputs
    /// With `--idempotency-key KEY`, line N's key is `KEY-N`.
    let keyPrefix: String?
    let answerWithin: TimeInterval?
    let audience: Audience?
    let atomic: Bool

    /// One input's outcome, as `--json` prints it.
    struct Outcome: Encodable {
        let line: Int
        let job: String?
        let error: WireError?
    }

    /// Sends every batch and prints one line per input (or one JSON array); 0 when all were queued, 1 otherwise.
    func run(_ backend: any InterludeBackend, limits: MessageLimits, json: Bool) async throws -> Int32 {
        let batches = inputs.batches(limits)
        if atomic, batches.count > 1 {
            throw UsageError(
                "--atomic takes at most \(ClientRequest.SubmitMany.maxItems) inputs that fit in one message; \(inputs.lines.count) were given")
        }
        var outcomes: [Outcome] = []
        for lines in batches {
            outcomes += try await send(lines, to: backend)
        }
        if json {
            Output.json(outcomes)
        } else {
            for outcome in outcomes {
                print(outcome.job ?? "error: line \(outcome.line): \(Output.safe(outcome.error?.message ?? "refused"))")
            }
        }
        return outcomes.contains { $0.error != nil } ? ExitStatus.failure : ExitStatus.success
    }

    /// One batch's outcomes; a batch refused whole (too large to send, say) refuses each of its inputs, unless atomic.
    func send(_ lines: ArraySlice<BulkInputs.Line>, to backend: any InterludeBackend) async throws -> [Outcome] {
        let items = lines.map { line in
            ClientRequest.SubmitMany.Item(input: line.input, idempotencyKey: keyPrefix.map { "\($0)-\(line.number)" })
        }
        let batch = ClientRequest.SubmitMany(operation: operation, items: items, answerWithin: answerWithin, audience: audience, atomic: atomic ? true : nil)
        let reply: BrokerReply.Submitted
        do {
            reply = try await backend.submit(many: batch)
        } catch {
            guard !atomic, error.code == .tooLarge || error.code == .invalidBody else { throw error }
            let refusal: WireError = error
            return lines.map { Outcome(line: $0.number, job: nil, error: refusal) }
        }
        return zip(lines, reply.items).map { line, item in Outcome(line: line.number, job: item.job, error: item.error) }
    }
}
