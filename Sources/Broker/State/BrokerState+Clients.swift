public import Foundation
import JSON
import Presentation
public import Wire

extension BrokerState {
    /// A client's request. `existing` is the job the journal already holds for the submit's idempotency key.
    public mutating func receive(
        client: PeerID, correlation: String, _ request: ClientRequest, existing: (job: Job, digest: String)? = nil, now: Date, newID: String
    ) -> [BrokerEffect] {
        switch request {
        case .submit(let submit):
            return self.submit(submit, client: client, correlation: correlation, existing: existing, now: now, id: newID)
        case .submitMany(let batch):
            // The loop gives a batch its own ids and keys' jobs (`receive(client:correlation:batch:…)`); here they are derived.
            let ids = batch.items.indices.map { "\(newID)-\($0)" }
            return receive(client: client, correlation: correlation, batch: batch, existing: [:], now: now, ids: ids)
        case .status(let ref):
            // Its history is the journal's: asked for, the whole reply is read after the turn's commit.
            guard ref.history != true, let active = jobs[ref.job] else { return [.query(from: client, correlation: correlation, .status(ref))] }
            return [.reply(to: client, correlation: correlation, .job(active.job))]
        case .pending(let list):
            do {
                return [.reply(to: client, correlation: correlation, .pending(try pendingPage(list)))]
            } catch {
                return [.reply(to: client, correlation: correlation, .error(error))]
            }
        case .presentation(let ref):
            guard let jobID = job(asking: ref.id), let active = jobs[jobID], let current = active.slot.current,
                current.id == ref.id
            else { return [.query(from: client, correlation: correlation, .presentation(ref))] }
            let state = BrokerReply.PresentationState(
                presentation: current, resolution: nil, operation: active.job.operation, approvals: active.slot.approvals)
            return [.reply(to: client, correlation: correlation, .presentation(state))]
        case .answer(let answer):
            return self.answer(answer, client: client, correlation: correlation, now: now)
        case .cancel(let ref):
            return cancel(ref.job, client: client, correlation: correlation, now: now)
        case .operations(let query):
            return [.reply(to: client, correlation: correlation, operationList(query))]
        case .jobs(let list):
            return [.query(from: client, correlation: correlation, .jobs(list))]
        case .events(let since):
            return [.query(from: client, correlation: correlation, .events(since))]
        case .stats:
            return [.query(from: client, correlation: correlation, .stats)]
        case .history(let query):
            return [.query(from: client, correlation: correlation, .history(query))]
        }
    }

    private mutating func submit(
        _ submit: ClientRequest.Submit, client: PeerID, correlation: String, existing: (job: Job, digest: String)?, now: Date, id: String
    ) -> [BrokerEffect] {
        var effects: [BrokerEffect] = []
        let job: Job
        switch vet(submit, existing: existing) {
        case .refused(let refusal): return [.reply(to: client, correlation: correlation, .error(refusal))]
        case .earlier(let earlier): return [.reply(to: client, correlation: correlation, .job(earlier))]
        case .new(let idempotency): job = queue(submit, idempotency: idempotency, now: now, id: id, effects: &effects)
        }
        effects += assign(now: now)
        effects.append(.reply(to: client, correlation: correlation, .job(jobs[job.id]?.job ?? job)))
        return effects
    }

    private mutating func answer(
        _ request: ClientRequest.AnswerRequest, client: PeerID, correlation: String, now: Date
    ) -> [BrokerEffect] {
        guard let jobID = job(asking: request.presentation), var active = jobs[jobID] else {
            return [.query(from: client, correlation: correlation, .answer(request))]
        }
        let resolution: Resolution
        do {
            try Self.checkAudience(of: active.slot.current, request)
            if let action = request.action {
                let answer = Answer(
                    presentation: request.presentation, action: action, by: request.by, channel: request.channel, at: now, values: request.values ?? [:])
                switch try active.slot.answer(answer) {
                case .resolved(let resolved): resolution = resolved
                case .approved(let progress):
                    jobs[jobID] = active
                    return approved(jobID, progress, client: client, correlation: correlation, now: now)
                }
            } else if request.dismiss == true {
                resolution = try active.slot.dismiss(request.presentation, by: request.by, channel: request.channel, at: now)
            } else {
                return [.reply(to: client, correlation: correlation, .error(WireError(.invalidBody, "an answer needs an action, or dismiss: true")))]
            }
        } catch {
            let refusal = WireError(error)
            var entry = HistoryEntry(.refused, at: now)
            (entry.presentation, entry.action, entry.by, entry.channel) = (request.presentation, request.action, request.by, request.channel)
            entry.error = Job.Failure(code: refusal.code.rawValue, message: refusal.message)
            return [
                Self.refusedLine(request, refusal, job: jobID, operation: active.job.operation), history(jobID, entry),
                .reply(to: client, correlation: correlation, .error(refusal)),
            ]
        }
        jobs[jobID] = active
        var effects = resolved(jobID, resolution, now: now)
        effects.append(.reply(to: client, correlation: correlation, .resolution(resolution.withoutSecrets)))
        return effects
    }

    /// Refuses (`forbidden`, naming the rule) an answer to a pending question meant for others.
    static func checkAudience(of question: Presentation?, _ request: ClientRequest.AnswerRequest) throws(SlotRefusal) {
        guard let question, question.id == request.presentation, let audience = question.audience else { return }
        let groups = request.groups ?? []
        guard !audience.includes(name: request.by, groups: groups) else { return }
        throw .notInAudience(presentation: question.id, audience: audience, by: request.by, groups: groups)
    }

    private mutating func cancel(_ jobID: String, client: PeerID, correlation: String, now: Date) -> [BrokerEffect] {
        guard var active = jobs[jobID] else { return [.query(from: client, correlation: correlation, .cancel(.init(job: jobID)))] }
        var effects: [BrokerEffect] = []
        if let worker = active.worker {
            active.cancelRequested = true
            jobs[jobID] = active
            effects.append(history(jobID, HistoryEntry(.cancelRequested, at: now)))
            effects.append(.send(to: worker, correlation: "", .cancel(.init(job: jobID, attempt: active.job.attempts))))
        } else {
            effects += finish(jobID, phase: .cancelled, error: Job.Failure(code: "cancelled", message: "cancelled by a client"), now: now)
        }
        effects.append(.reply(to: client, correlation: correlation, .job(jobs[jobID]?.job ?? lastJob(effects) ?? active.job)))
        return effects
    }

    /// The job as saved by the newest `saveJob` among `effects`.
    func lastJob(_ effects: [BrokerEffect]) -> Job? {
        for case .persist(.saveJob(let job, _)) in effects.reversed() { return job }
        return nil
    }
}
