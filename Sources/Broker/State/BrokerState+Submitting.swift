import Foundation
import JSON
import Presentation
import Wire

extension BrokerState {
    /// What becomes of one submit, decided before anything is journaled.
    enum Vetted {
        /// Refused: nothing is queued for it.
        case refused(WireError)
        /// Its idempotency key already made this job, for the same request.
        case earlier(Job)
        /// A new job, recorded under its key when it has one.
        case new(Idempotency?)
    }

    /// Checks a submit against its operation's schema and its idempotency key; `existing` is the job the
    /// journal holds for the key. The one read of the input's bytes as a value: checked in full, against the
    /// schema, and for the key's digest. From here on the input travels as the bytes the client sent.
    func vet(_ submit: ClientRequest.Submit, existing: (job: Job, digest: String)?) -> Vetted {
        let value: JSONValue
        do {
            value = try submit.input.value
        } catch {
            return .refused(WireError(.invalidBody, "submit: input: \(error)"))
        }
        if let refusal = refusal(operation: submit.operation, input: value) { return .refused(refusal) }
        let idempotency = submit.idempotencyKey.map { Idempotency(key: $0, operation: submit.operation, value: value) }
        let earlier = existing.map { ($0.job.id, $0.digest) } ?? idempotency.flatMap { idempotencyKeys[$0.key] }
        if let idempotency, let (jobID, digest) = earlier {
            guard digest == idempotency.digest else {
                return .refused(
                    WireError(
                        .idempotencyConflict,
                        "idempotency key \"\(idempotency.key)\" was used for another request (job \(jobID)); use a new key for a new request"))
            }
            if let job = jobs[jobID]?.job ?? existing?.job { return .earlier(job) }
        }
        return .new(idempotency)
    }

    /// Queues a vetted submit as job `id`, appending its journal rows, event and timeline entry to `effects`.
    mutating func queue(_ submit: ClientRequest.Submit, idempotency: Idempotency?, now: Date, id: String, effects: inout [BrokerEffect]) -> Job {
        var job = Job(id: id, operation: sharedTexts.share(submit.operation), input: submit.input, createdAt: now)
        job.answerWithin = submit.answerWithin
        job.audience = submit.audience
        let active = ActiveJob(job: job, slot: PresentationSlot())
        jobs[id] = active
        queue.append(id)
        if let idempotency { idempotencyKeys[idempotency.key] = (id, idempotency.digest) }
        effects += [save(active, idempotency: idempotency), event(.jobQueued, job, at: now), history(id, HistoryEntry(.queued, at: now))]
        return job
    }
}
