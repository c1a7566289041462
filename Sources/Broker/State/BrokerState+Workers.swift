public import Foundation
import JSON
import Presentation
public import Wire

extension BrokerState {
    /// A worker's message. `newID` names the presentation if the message asks a question; `key` is the
    /// CURVE key its connection was admitted with, by which `revokeWorkers` finds it.
    public mutating func receive(
        worker id: PeerID, key: String? = nil, correlation: String, _ message: WorkerMessage, now: Date, newID: String
    ) -> [BrokerEffect] {
        if case .ready(let ready) = message { return register(id, key: key, ready, now: now) }
        guard workers[id] != nil else {
            // A worker the broker does not know (it restarted, or declared the worker dead) must start over.
            return message == .disconnect ? [] : [.send(to: id, correlation: "", .reconnect)]
        }
        workers[id]?.lastHeard = now
        switch message {
        case .ready, .heartbeat:
            return []
        case .disconnect:
            return removeWorker(id, now: now, cause: "disconnected")
        case .present(let present):
            return self.present(present, from: id, correlation: correlation, now: now, newID: newID)
        case .withdraw(let attempt):
            guard var active = lease(attempt, heldBy: id), let resolution = active.slot.withdraw(at: now) else { return [] }
            jobs[attempt.job] = active
            return resolved(attempt.job, resolution, now: now)
        case .step(let step):
            guard lease(.init(job: step.job, attempt: step.attempt), runningOn: id) != nil else {
                return [.send(to: id, correlation: correlation, .refused(WireError(.stale, "job \(step.job) attempt \(step.attempt) is not yours")))]
            }
            var recorded = HistoryEntry(.step, at: now)
            recorded.step = step.name
            return [
                .persist(.recordStep(job: step.job, name: step.name, value: step.value)), history(step.job, recorded),
                .send(to: id, correlation: correlation, .stepRecorded(.init(job: step.job, attempt: step.attempt))),
            ]
        case .progress(let report):
            guard var active = lease(.init(job: report.job, attempt: report.attempt), runningOn: id) else { return [] }
            let before = active.job.progress
            active.job.progress = Job.Progress(done: report.done, total: report.total)
            active.job.updatedAt = now
            jobs[report.job] = active
            guard let milestone = Self.quarter(report.done, of: report.total), milestone > (before.flatMap { Self.quarter($0.done, of: $0.total) } ?? 0) else {
                return [save(active)]
            }
            var entry = HistoryEntry(.progress, at: now)
            (entry.done, entry.total) = (report.done, report.total)
            return [save(active), history(report.job, entry)]
        case .result(let result):
            return self.result(result, from: id, now: now)
        case .drop(let attempt):
            return dropped(attempt, by: id, now: now)
        case .refuse(let refusal):
            guard lease(.init(job: refusal.job, attempt: refusal.attempt), runningOn: id) != nil, let worker = workers[id] else { return [] }
            let error = Job.Failure(code: refusal.code, message: "worker \(worker.name) refused attempt \(refusal.attempt): \(refusal.message)")
            return finish(refusal.job, phase: .failed, error: error, now: now)
        }
    }

    /// A worker announces itself: each operation it runs goes into the registry (and the journal), one
    /// with a name that cannot name an operation is ignored, and one whose catalog defines keys it may not
    /// (`CatalogKeys`) is refused whole, the welcome and the log naming the keys.
    private mutating func register(_ id: PeerID, key: String?, _ ready: WorkerMessage.Ready, now: Date) -> [BrokerEffect] {
        // A known id sending ready again has restarted its work: what it ran is lost.
        var effects = workers[id] != nil ? removeWorker(id, now: now, cause: "announced itself again") : []
        var announcements: [String: OperationAnnouncement] = [:]
        var refused: [WireError] = []
        var changed = false
        for announcement in ready.operations where OperationAnnouncement.isValidName(announcement.name) {
            if let refusal = registry.refusal(of: announcement, under: settings.catalogKeys) {
                refused.append(refusal)
                effects.append(Self.refusedLine(ready.name, refusal))
                continue
            }
            announcements[announcement.name] = announcement
            let isNew = registry.record(of: announcement) == nil
            effects.append(.persist(.announce(registry.announce(announcement, by: ready.name, at: now))))
            if isNew { changed = true }
        }
        if changed { effects.append(announcedEvent(at: now)) }
        workers[id] = Worker(
            id: id, name: ready.name, key: key, announcements: announcements, capacity: max(0, ready.capacity),
            batches: ready.batches == true, asked: ready.asked == true, lastHeard: now, lastSent: now)
        let welcome = BrokerCommand.Welcome(
            operations: announcements.keys.sorted(), refused: refused.isEmpty ? nil : refused, batches: true,
            maxMessageBytes: settings.limits.maxMessageBytes)
        effects.append(.send(to: id, correlation: "", .welcome(welcome)))
        effects.append(Self.joinedLine(ready.name, capacity: max(0, ready.capacity), operations: announcements.count))
        effects += assign(now: now)
        return effects
    }

    private mutating func present(
        _ present: WorkerMessage.Present, from id: PeerID, correlation: String, now: Date, newID: String
    ) -> [BrokerEffect] {
        guard var active = lease(.init(job: present.job, attempt: present.attempt), runningOn: id) else {
            return [.send(to: id, correlation: correlation, .refused(WireError(.stale, "job \(present.job) attempt \(present.attempt) is not yours")))]
        }
        // The worker asked before it saw the cancel: no question for a job that is ending (its result still names the lease).
        guard !active.cancelRequested else {
            return [.send(to: id, correlation: correlation, .refused(WireError(.stale, "job \(present.job) is being cancelled")))]
        }
        let presentation: Presentation
        var draft = present.draft
        if let within = active.job.answerWithin { draft.expiresAfter = within }
        if let audience = active.job.audience { draft.audience = audience }
        do {
            presentation = try Presentation(draft, id: newID, job: active.id, sequence: present.sequence, createdAt: now)
            try active.slot.present(presentation)
        } catch let error as InvalidPresentation {
            return [.send(to: id, correlation: correlation, .refused(WireError(.invalidPresentation, error.description)))]
        } catch {
            return [.send(to: id, correlation: correlation, .refused(WireError(.stale, "\(error)")))]
        }
        active.job.updatedAt = now
        active.shareQuestion(&sharedContents, texts: &sharedTexts)
        active.worker = nil
        active.holder = id
        jobs[present.job] = active
        workers[id]?.running.remove(present.job)
        workers[id]?.holding.insert(present.job)
        pendingIndex.insert(presentation)
        scheduleReminder(of: presentation.id, after: now)
        scheduleEscalation(of: presentation)
        var effects: [BrokerEffect] = [
            .persist(.addPresentation(presentation)), save(active), askedLine(presentation, operation: active.job.operation),
            history(present.job, .asked(presentation)),
            event(.presentationPending, active.job, at: now, presentation: presentation),
            .send(to: id, correlation: correlation, workers[id]?.asked == true ? .asked(.init(id: presentation.id)) : .presented(presentation)),
        ]
        effects += assign(now: now)
        return effects
    }

    private mutating func result(_ result: WorkerMessage.Result, from id: PeerID, now: Date) -> [BrokerEffect] {
        guard let active = lease(.init(job: result.job, attempt: result.attempt), runningOn: id) else { return [] }
        switch result.outcome {
        case .succeeded:
            return finish(result.job, phase: .succeeded, result: result.output ?? .null, now: now)
        case .failed:
            let phase: Job.Phase = active.cancelRequested ? .cancelled : .failed
            return finish(result.job, phase: phase, error: result.error ?? Job.Failure(code: "failed", message: "the operation failed"), now: now)
        case .cancelled:
            return finish(result.job, phase: .cancelled, error: Job.Failure(code: "cancelled", message: "cancelled by a client"), now: now)
        }
    }

    /// The worker let go of a suspended task: the job waits on without a holder, and runs again (replayed)
    /// once its question is resolved. A `resume` that crossed the drop found no task: the job is queued at once.
    private mutating func dropped(_ attempt: WorkerMessage.Attempt, by id: PeerID, now: Date) -> [BrokerEffect] {
        guard var active = lease(attempt, heldBy: id) else { return [] }
        workers[id]?.holding.remove(attempt.job)
        if active.holder == id {
            active.holder = nil
            jobs[attempt.job] = active
            return []
        }
        workers[id]?.running.remove(attempt.job)
        active.worker = nil
        if active.cancelRequested {
            jobs[attempt.job] = active
            return finish(attempt.job, phase: .cancelled, error: Job.Failure(code: "cancelled", message: "cancelled by a client"), now: now)
        }
        active.job.phase = .queued
        active.job.updatedAt = now
        jobs[attempt.job] = active
        queue.prepend(attempt.job)
        return [save(active)] + assign(now: now)
    }

    /// How many quarters of `total` are `done` (0…4); nil without a total.
    static func quarter(_ done: Int64, of total: Int64) -> Int64? {
        guard total > 0 else { return nil }
        return min(4, max(0, done) * 4 / total)
    }

    /// The job, if this attempt of it is running on the worker.
    func lease(_ attempt: WorkerMessage.Attempt, runningOn worker: PeerID) -> ActiveJob? {
        guard let active = jobs[attempt.job], active.worker == worker, active.attempts == attempt.attempt else { return nil }
        return active
    }

    /// The job, if this attempt of it is suspended on (or running on) the worker.
    func lease(_ attempt: WorkerMessage.Attempt, heldBy worker: PeerID) -> ActiveJob? {
        guard let active = jobs[attempt.job], active.holder == worker || active.worker == worker,
            active.attempts == attempt.attempt
        else { return nil }
        return active
    }
}

extension BrokerState {
    /// The journal has room again: hand out what waits.
    public mutating func resume(now: Date) -> [BrokerEffect] {
        paused = false
        return assign(now: now)
    }

    /// A dispatch the loop could not send (over the size limit, say): the job fails with `error`
    /// instead of being handed out again and again.
    public mutating func undeliverable(_ jobID: String, attempt: Int, error: Job.Failure, now: Date) -> [BrokerEffect] {
        guard let active = jobs[jobID], active.job.attempts == attempt, active.worker != nil else { return [] }
        return finish(jobID, phase: .failed, error: error, now: now)
    }
}
