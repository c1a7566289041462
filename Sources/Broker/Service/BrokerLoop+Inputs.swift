import Foundation
import JSON
import Journal
import Log
import Presentation
import Primitives
import Wire
import ZeroMQ

extension BrokerLoop {
    /// Decodes a client's frames, checks them against its key's role and feeds them to the state machine.
    ///
    /// Garbage and requests the key may not make get an error reply and change nothing.
    func client(_ peer: PeerID, _ frames: [Data], userID: String?) throws -> [BrokerEffect] {
        var request: ClientRequest
        let correlation: String
        do {
            (request, correlation) = try Frames.decode(frames, as: ClientRequest.self, limits: limits)
            // The key's role first: it also puts the key's name in an answer's `by`, which the text rules then check.
            if let gate { request = try gate.authorize(request, userID: userID) }
            try admission.check(request)
        } catch {
            log.warning("refused a client message: \(error.message)")
            let correlation = frames.count == 4 ? String(decoding: frames[2], as: UTF8.self) : ""
            return [.reply(to: peer, correlation: correlation, .error(error))]
        }
        if storageFull, request.kind.declaration.writes {
            return [.reply(to: peer, correlation: correlation, .error(Self.storageFullError))]
        }
        if case .submitMany(let batch) = request { return try submitMany(batch, from: peer, correlation: correlation) }
        var existing: (job: Job, digest: String)?
        if case .submit(let submit) = request, let key = submit.idempotencyKey {
            existing = try journal.job(idempotencyKey: key)
        }
        return state.receive(client: peer, correlation: correlation, request, existing: existing, now: Date(), newID: Identifier.ordered("job"))
    }

    /// A bulk submit, with the jobs the journal holds for its items' keys and a new id for each item.
    private func submitMany(_ batch: ClientRequest.SubmitMany, from peer: PeerID, correlation: String) throws -> [BrokerEffect] {
        var existing: [Int: (job: Job, digest: String)] = [:]
        for (index, item) in batch.items.enumerated() {
            if let key = item.idempotencyKey { existing[index] = try journal.job(idempotencyKey: key) }
        }
        let now = Date()
        let ids = batch.items.map { _ in Identifier.ordered("job", at: now) }
        return state.receive(client: peer, correlation: correlation, batch: batch, existing: existing, now: now, ids: ids)
    }

    /// Decodes a worker's frames and feeds them to the state machine; garbage, or a key that lost its worker role, gets a refusal.
    func worker(_ peer: PeerID, _ frames: [Data], userID: String?) throws -> [BrokerEffect] {
        let correlation = frames.count == 4 ? String(decoding: frames[2], as: UTF8.self) : ""
        if let gate, !gate.isWorker(userID) {
            return [.send(to: peer, correlation: correlation, .refused(WireError(.forbidden, "this connection's key is no longer a worker key")))]
        }
        if frames.count == 4, frames[1] == Self.batchType { return try batch(peer, frames, userID: userID) }
        do {
            let (message, correlation) = try Frames.decode(frames, as: WorkerMessage.self, limits: limits)
            return state.receive(
                worker: peer, key: userID, correlation: correlation, try admission.admit(message), now: Date(), newID: Identifier.ordered("prs"))
        } catch {
            log.warning("refused a worker message: \(error.message)")
            if let failure = Self.oversizedResult(frames, error, limits: limits) {
                return state.receive(worker: peer, key: userID, correlation: correlation, failure, now: Date(), newID: Identifier.ordered("prs"))
            }
            return [.send(to: peer, correlation: correlation, .refused(error))]
        }
    }

    /// A worker's `batch`: each message in it is taken as it would be alone, in order, and one refused
    /// (over a limit) is refused alone, with its own correlation id; a batch that cannot be read, or that is over
    /// `maxMessageBytes` as a whole, is refused whole with the batch's correlation id and changes nothing, so the
    /// worker can send its messages again one at a time.
    private func batch(_ peer: PeerID, _ frames: [Data], userID: String?) throws -> [BrokerEffect] {
        let batch: WorkerBatch
        do {
            batch = try Frames.decode(frames, as: WorkerBatch.self, limits: limits).message
        } catch {
            log.warning("refused a worker's batch: \(error.message)")
            return [.send(to: peer, correlation: String(decoding: frames[2], as: UTF8.self), .refused(error))]
        }
        var effects: [BrokerEffect] = []
        for item in batch.items {
            do {
                let message = try admission.admit(item.message)
                effects += state.receive(
                    worker: peer, key: userID, correlation: item.correlation, message, now: Date(), newID: Identifier.ordered("prs"))
            } catch {
                log.warning("refused a worker message: \(error.message)")
                effects.append(.send(to: peer, correlation: item.correlation, .refused(error)))
            }
        }
        return effects
    }

    private static let batchType = Data(WorkerBatch.typeName.utf8)

    /// A `result` too large to take still names its job: it ends as failed with `tooLarge` instead
    /// of leaving the job running on a worker that believes it is done.
    static func oversizedResult(_ frames: [Data], _ error: WireError, limits: MessageLimits) -> WorkerMessage? {
        guard error.code == .tooLarge, frames.count == 4, frames[1] == Data("result".utf8),
            let attempt = try? Frames.payload(WorkerMessage.Attempt.self, frames[3], in: "result", limits: limits.json)
        else { return nil }
        return .result(
            .init(job: attempt.job, attempt: attempt.attempt, outcome: .failed, error: Job.Failure(code: error.code.rawValue, message: error.message)))
    }
}
