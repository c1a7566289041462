public import Foundation
import JSON
import Presentation
import Wire

extension BrokerState {
    /// Hands queued jobs to workers with a free slot for their operation, least loaded first.
    mutating func assign(now: Date) -> [BrokerEffect] {
        guard !paused else { return [] }
        var effects: [BrokerEffect] = []
        // Nothing to hand out to: stop before looking at the queue at all.
        var free = workers.values.reduce(0) { $0 + max(0, $1.freeSlots) }
        // Jobs no free worker runs keep their places, in order, ahead of the rest.
        var passed: [String] = []
        defer { queue.prepend(contentsOf: passed) }
        while free > 0, let jobID = queue.popFirst() {
            guard var active = jobs[jobID] else { continue }
            let operation = active.operation
            let candidates = workers.values.filter { $0.freeSlots > 0 && $0.runs(operation) }
            guard let worker = candidates.max(by: { ($0.freeSlots, $0.name) < ($1.freeSlots, $1.name) }) else {
                passed.append(jobID)
                continue
            }
            free -= 1
            active.job.phase = .running
            active.job.attempts += 1
            active.job.updatedAt = now
            active.worker = worker.id
            if let holder = active.holder { workers[holder]?.holding.remove(jobID) }
            active.holder = nil
            jobs[jobID] = active
            workers[worker.id]?.running.insert(jobID)
            workers[worker.id]?.lastSent = now
            var dispatched = HistoryEntry(.dispatched, at: now)
            (dispatched.worker, dispatched.attempt) = (worker.name, active.job.attempts)
            // The row is not rewritten: the entry carries the attempt (`JournalChange.dispatch`).
            effects += [.persist(.dispatch(active.job, dispatched)), .dispatch(to: worker.id, job: active.job)]
        }
        return effects
    }

    /// A presentation was resolved: journal it, tell everyone, and carry the job on.
    /// Only the resumption carries the resolution's secure values: what is journaled, logged and published does not.
    mutating func resolved(_ jobID: String, _ answered: Resolution, now: Date) -> [BrokerEffect] {
        guard var active = jobs[jobID] else { return [] }
        let resolution = answered.withoutSecrets
        pendingIndex.remove(resolution.presentation)
        presentationJobs[resolution.presentation] = jobID
        active.job.presentation = nil
        active.job.updatedAt = now
        if let holder = active.holder { workers[holder]?.holding.remove(jobID) }
        var effects: [BrokerEffect] = [
            .persist(.resolve(resolution)), resolvedLine(resolution, operation: active.job.operation), history(jobID, .resolved(resolution)),
        ]
        let holder = active.holder.flatMap { workers[$0] }
        if let holder, holder.freeSlots > 0 {
            active.worker = holder.id
            active.holder = nil
            workers[holder.id]?.running.insert(jobID)
            workers[holder.id]?.lastSent = now
            // The resolved question is always the job's latest one.
            effects.append(
                .send(
                    to: holder.id, correlation: "",
                    .resume(
                        .init(
                            job: jobID, attempt: active.job.attempts, sequence: active.slot.lastSequence, resolution: answered))))
        } else {
            if let holder { effects.append(.send(to: holder.id, correlation: "", .forget(.init(job: jobID, attempt: active.job.attempts)))) }
            active.holder = nil
            active.job.phase = .queued
            queue.prepend(jobID)
        }
        jobs[jobID] = active
        effects += [save(active), event(.presentationResolved, active.job, at: now, resolution: resolution)]
        return effects + assign(now: now)
    }

    /// Ends a job: its pending question is withdrawn, its row saved, its end published.
    mutating func finish(_ jobID: String, phase: Job.Phase, result: RawJSON? = nil, error: Job.Failure? = nil, now: Date) -> [BrokerEffect] {
        guard var active = jobs.removeValue(forKey: jobID) else { return [] }
        var effects: [BrokerEffect] = []
        queue.remove(jobID)
        if let worker = active.worker { workers[worker]?.running.remove(jobID) }
        if let holder = active.holder, workers[holder] != nil {
            workers[holder]?.holding.remove(jobID)
            effects.append(.send(to: holder, correlation: "", .forget(.init(job: jobID, attempt: active.job.attempts))))
        }
        active.job.phase = phase
        active.job.result = result
        active.job.error = error
        active.job.updatedAt = now
        active.job.outcome = active.slot.resolutions.values.max { ($0.at, $0.presentation) < ($1.at, $1.presentation) }.map(Job.Outcome.init)
        if let withdrawal = active.slot.withdraw(at: now) {
            pendingIndex.remove(withdrawal.presentation)
            active.job.presentation = nil
            effects += [
                .persist(.resolve(withdrawal)), resolvedLine(withdrawal, operation: active.job.operation),
                history(jobID, .resolved(withdrawal)), event(.presentationResolved, active.job, at: now, resolution: withdrawal),
            ]
        }
        var finished = HistoryEntry(.finished, at: now)
        (finished.state, finished.outcome, finished.error) = (active.job.state, active.job.outcome, error)
        effects.append(history(jobID, finished))
        // Later answers to this job's questions are refused from the journal.
        for id in active.slot.resolutions.keys { presentationJobs[id] = nil }
        effects.append(save(active))
        if let kind = Event.finished(phase) { effects.append(event(kind, active.job, at: now)) }
        return effects + assign(now: now)
    }

    /// Puts a worker's running jobs back at the head of the queue and forgets the worker; `cause`
    /// says why it was lost. A job lost more than `maxRedispatches` times fails as `poisoned`.
    mutating func removeWorker(_ id: PeerID, now: Date, cause: String) -> [BrokerEffect] {
        guard let worker = workers.removeValue(forKey: id) else { return [] }
        return release(worker, now: now, cause: cause) + assign(now: now)
    }

    /// Requeues (or ends) the jobs of a worker already taken out of `workers`, as `removeWorker` does.
    mutating func release(_ worker: Worker, now: Date, cause: String) -> [BrokerEffect] {
        let id = worker.id
        var effects: [BrokerEffect] = []
        // Only the jobs it ran or held: the others are not touched, however many there are.
        for jobID in worker.running.union(worker.holding).sorted() {
            guard var active = jobs[jobID] else { continue }
            if active.holder == id { active.holder = nil }
            if active.worker == id {
                active.worker = nil
                if active.cancelRequested {
                    jobs[jobID] = active
                    effects += finish(jobID, phase: .cancelled, error: Job.Failure(code: "cancelled", message: "cancelled by a client"), now: now)
                    continue
                }
                active.job.redispatches += 1
                active.lastLoss = "worker \(worker.name) \(cause) while running attempt \(active.job.attempts)"
                if active.job.redispatches > settings.maxRedispatches {
                    jobs[jobID] = active
                    effects += finish(jobID, phase: .failed, error: poisoned(active), now: now)
                    continue
                }
                active.job.phase = .queued
                active.job.updatedAt = now
                queue.prepend(jobID)
                var retried = HistoryEntry(.retried, at: now)
                (retried.worker, retried.attempt, retried.reason) = (worker.name, active.job.attempts, active.lastLoss)
                effects += [save(active), history(jobID, retried)]
            }
            jobs[jobID] = active
        }
        effects.append(Self.leftLine(worker.name, cause: cause, running: worker.running.count))
        return effects
    }

    /// The error of a job whose workers kept being lost while they ran it.
    private func poisoned(_ active: ActiveJob) -> Job.Failure {
        Job.Failure(
            code: "poisoned",
            message: "job \(active.job.id) was lost by its worker \(active.job.redispatches) times (more than maxRedispatches, "
                + "\(settings.maxRedispatches)); last: \(active.lastLoss ?? "unknown")")
    }

    /// Time passes: dead workers lose their jobs, heartbeats go out, questions expire.
    public mutating func tick(now: Date) -> [BrokerEffect] {
        var effects: [BrokerEffect] = []
        let deadline = settings.heartbeatInterval * Double(settings.liveness)
        for worker in workers.values.sorted(by: { $0.name < $1.name }) {
            if now.timeIntervalSince(worker.lastHeard) > deadline {
                effects += removeWorker(worker.id, now: now, cause: "was silent for \(settings.liveness) heartbeats")
            } else if now.timeIntervalSince(worker.lastSent) >= settings.heartbeatInterval {
                workers[worker.id]?.lastSent = now
                effects.append(.send(to: worker.id, correlation: "", .heartbeat))
            }
        }
        // While paused nothing expires: popping would lose the deadlines.
        for id in paused ? [] : pendingIndex.popExpired(at: now) {
            guard let jobID = pendingIndex.jobs[id], var active = jobs[jobID], let resolution = active.slot.expire(at: now) else { continue }
            jobs[jobID] = active
            guard resolution.action == nil else {
                effects += resolved(jobID, resolution, now: now)
                continue
            }
            // No cancel action to resolve to: the job cannot carry on, it fails as expired.
            pendingIndex.remove(resolution.presentation)
            active.job.presentation = nil
            jobs[jobID] = active
            effects += [
                .persist(.resolve(resolution)), resolvedLine(resolution, operation: active.job.operation), history(jobID, .resolved(resolution)),
                event(.presentationResolved, active.job, at: now, resolution: resolution),
            ]
            effects += finish(
                jobID, phase: .failed,
                error: Job.Failure(
                    code: "expired", message: "question \(resolution.presentation) expired, and it has no cancel action to resolve to"), now: now)
        }
        effects += remind(now: now)
        if !paused { effects += escalate(now: now) }
        effects.append(.publish(Event(sequence: lastSequence, type: .heartbeat, at: now)))
        return effects
    }

    /// A `presentation.reminder` for each question that has waited `reminderInterval` since it was
    /// asked, or since its last reminder (one overdue when the broker starts is sent at once); O(log n) each.
    mutating func remind(now: Date) -> [BrokerEffect] {
        var effects: [BrokerEffect] = []
        while let first = reminders.first, first.at <= now {
            reminders.popFirst()
            guard let jobID = pendingIndex.jobs[first.payload], let active = jobs[jobID], let question = active.slot.current,
                question.id == first.payload
            else { continue }
            effects.append(event(.presentationReminder, active.job, at: now, presentation: question))
            scheduleReminder(of: question.id, after: now)
        }
        if reminders.count > 2 * pendingIndex.count + 1024 { reminders.filter { pendingIndex.jobs[$0.payload] != nil } }
        return effects
    }

    /// Schedules the next reminder of a pending presentation, `reminderInterval` after `start`.
    mutating func scheduleReminder(of presentation: String, after start: Date) {
        guard let interval = settings.reminderInterval else { return }
        reminders.push(start.addingTimeInterval(interval), presentation)
    }

    /// The number of pending presentations.
    public var pendingCount: Int { pendingIndex.count }

    /// When the next presentation expires or escalates, so the loop can wake for it.
    public var nextExpiry: Date? { [pendingIndex.nextExpiry, escalations.first?.at].compactMap { $0 }.min() }
}
