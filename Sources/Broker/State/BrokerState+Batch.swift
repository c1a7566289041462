public import Foundation
import Presentation
public import Wire

extension BrokerState {
    /// A bulk submit: each item is vetted as a single submit would be (its size and key, the operation's
    /// schema, its idempotency key), then every item that passed is queued in this one turn, so the whole
    /// batch is journaled in one commit. `existing` holds, by item index, the job the journal has for the
    /// item's key; `ids` the new jobs' ids, one per item. With `atomic`, one refused item refuses the
    /// batch (naming the first one) and nothing is queued.
    public mutating func receive(
        client: PeerID, correlation: String, batch: ClientRequest.SubmitMany, existing: [Int: (job: Job, digest: String)], now: Date, ids: [String]
    ) -> [BrokerEffect] {
        let submits = batch.submits
        var vetted: [Vetted] = []
        vetted.reserveCapacity(submits.count)
        // Keys given earlier in the batch, for an item that repeats one: the same job, or a conflict.
        var keys: [String: (index: Int, digest: String)] = [:]
        for (index, submit) in submits.enumerated() {
            var verdict = Self.sizeRefusal(submit, limits: settings.limits).map(Vetted.refused) ?? vet(submit, existing: existing[index])
            if case .new(let idempotency?) = verdict {
                if let first = keys[idempotency.key] {
                    verdict = first.digest == idempotency.digest ? .new(idempotency) : .refused(Self.conflict(idempotency.key, item: first.index))
                } else {
                    keys[idempotency.key] = (index, idempotency.digest)
                }
            }
            if batch.atomic == true, case .refused(let refusal) = verdict {
                return [.reply(to: client, correlation: correlation, .error(Self.refusingAll(refusal, item: index, of: submits.count)))]
            }
            vetted.append(verdict)
        }
        var effects: [BrokerEffect] = []
        var items: [BrokerReply.Submitted.Item] = []
        items.reserveCapacity(submits.count)
        for (index, verdict) in vetted.enumerated() {
            switch verdict {
            case .refused(let refusal): items.append(.init(error: refusal))
            case .earlier(let job): items.append(.init(job: job.id))
            case .new(let idempotency):
                // A key repeated within the batch is the job its first item made.
                if let idempotency, let made = idempotencyKeys[idempotency.key], keys[idempotency.key]?.index != index {
                    items.append(.init(job: made.job))
                } else {
                    items.append(.init(job: queue(submits[index], idempotency: idempotency, now: now, id: ids[index], effects: &effects).id))
                }
            }
        }
        effects += assign(now: now)
        let reply = BrokerReply.Submitted(items: items).fitted(within: settings.limits.pageBytes)
        effects.append(.reply(to: client, correlation: correlation, .submitted(reply)))
        return effects
    }

    /// The refusal an item's own size or key gets (the rules `Submit.check` keeps for a single submit), if any.
    static func sizeRefusal(_ submit: ClientRequest.Submit, limits: MessageLimits) -> WireError? {
        do {
            try submit.check(limits)
            return nil
        } catch {
            return error
        }
    }

    /// The refusal of an atomic batch: the first refused item's, naming it.
    static func refusingAll(_ refusal: WireError, item: Int, of count: Int) -> WireError {
        WireError(
            refusal.code, "the atomic batch of \(count) items was refused, nothing was queued: item \(item): \(refusal.message)",
            violations: refusal.violations)
    }

    /// Two items of one batch with the same key and different requests.
    static func conflict(_ key: String, item: Int) -> WireError {
        WireError(.idempotencyConflict, "idempotency key \"\(key)\" was used for another request (item \(item)); use a new key for a new request")
    }
}

extension BrokerReply.Submitted {
    /// The reply as it fits in `limit` bytes: when its refusals' violations would not, each refusal keeps only
    /// its code and the start of its message (submitting that item alone lists every violation).
    public func fitted(within limit: Int) -> Self {
        guard MessageLimits.size(self) > limit else { return self }
        return Self(
            items: items.map { item in
                guard let error = item.error else { return item }
                let message = error.message.count > 200 ? String(error.message.prefix(200)) + "…" : error.message
                return .init(error: WireError(error.code, message))
            })
    }
}
