import Foundation
import JSON
import Log
import Presentation
import Synchronization
import Wire
import WorkerKit
import ZeroMQ

extension WorkerService {
    /// Handles one command from the broker; called on the socket thread, never blocks.
    func handle(_ command: BrokerCommand, correlation: String) {
        switch command {
        case .dispatch(let dispatch):
            start(dispatch)
        case .dispatches(let dispatches):
            for dispatch in dispatches.dispatches { start(dispatch) }
        case .presented, .asked, .stepRecorded, .refused:
            backend.acks.resolve(correlation, command)
        case .resume(let resume):
            backend.resumptions.resolve(.init(job: resume.job, attempt: resume.attempt, sequence: resume.sequence), resume.fullResolution)
        case .cancel(let attempt):
            cancel(attempt, report: true)
        case .forget(let attempt):
            cancel(attempt, report: false)
        case .welcome(let welcome):
            log.info("the broker took \(welcome.operations.count) operation(s): \(welcome.operations.joined(separator: ", "))")
            for refusal in welcome.refused ?? [] { log.error(refusal.message) }
            welcomed.yield(welcome.operations)
        case .heartbeat, .reconnect:
            break
        }
    }

    /// Refuses a dispatch that cannot be read, so the broker fails its job with `error`'s code instead
    /// of handing it out again; without a job id in it there is nothing to refuse.
    func refuse(dispatch frames: [Data], _ error: WireError) {
        if frames.count == 4, frames[1] == Data("dispatches".utf8) { return refuse(dispatches: frames[3], error) }
        guard frames.count == 4, frames[1] == Data("dispatch".utf8),
            let attempt = try? Frames.payload(WorkerMessage.Attempt.self, frames[3], in: "dispatch", limits: settings.limits.json)
        else {
            log.warning("ignored a malformed message from the broker: \(error.message)")
            return
        }
        log.warning("refused job \(attempt.job) attempt \(attempt.attempt): \(error.message)")
        let refusal = WorkerMessage.Refusal(job: attempt.job, attempt: attempt.attempt, code: error.code.rawValue, message: error.message)
        outbox.post(Frames.encode(WorkerMessage.refuse(refusal)))
    }

    /// Refuses each job of a `dispatches` that cannot be read, when their ids can be.
    private func refuse(dispatches body: Data, _ error: WireError) {
        guard let named = try? Frames.payload(NamedDispatches.self, body, in: "dispatches", limits: settings.limits.json.deeper(by: 2)) else {
            log.warning("ignored a malformed message from the broker: \(error.message)")
            return
        }
        for attempt in named.dispatches {
            log.warning("refused job \(attempt.job) attempt \(attempt.attempt): \(error.message)")
            let refusal = WorkerMessage.Refusal(job: attempt.job, attempt: attempt.attempt, code: error.code.rawValue, message: error.message)
            outbox.post(Frames.encode(WorkerMessage.refuse(refusal)))
        }
    }

    /// The job and attempt of each dispatch of a `dispatches`, for refusing them.
    private struct NamedDispatches: Decodable {
        let dispatches: [WorkerMessage.Attempt]
    }

    /// Drops every job (the broker replays them): used when the broker no longer knows this worker.
    func dropAll() {
        let jobs = running.withLock { running in
            defer { running.removeAll() }
            return running
        }
        for (id, job) in jobs {
            backend.release(id, attempt: job.attempt)
            job.task?.cancel()
        }
    }

    /// Lets go of a suspended task to bound the worker's memory: the broker hears `drop` first, so no
    /// result of this attempt follows, and replays the job once its question is resolved.
    func drop(_ suspended: SuspendedJobs.Key) {
        let found = running.withLock { running -> RunningJob? in
            guard running[suspended.job]?.attempt == suspended.attempt else { return nil }
            return running.removeValue(forKey: suspended.job)
        }
        guard let found else { return }
        outbox.post(Frames.encode(WorkerMessage.drop(.init(job: suspended.job, attempt: suspended.attempt))))
        // Usually called by the job that just asked, on the connection thread: the task let go unwinds there
        // once that job has suspended, rather than on a thread of the shared pool woken for it.
        executor.afterRunning { [backend] in
            backend.release(suspended.job, attempt: suspended.attempt)
            found.task?.cancel()
        }
    }

    /// Cancels this attempt of a job (`report`: its end is reported); a message about another attempt changes nothing.
    private func cancel(_ attempt: WorkerMessage.Attempt, report: Bool) {
        let found: RunningJob? = running.withLock { running in
            guard let job = running[attempt.job], job.attempt == attempt.attempt else { return nil }
            if report { running[attempt.job]?.cancelled = true } else { running[attempt.job] = nil }
            return job
        }
        guard let found else { return }
        backend.release(attempt.job, attempt: attempt.attempt)
        found.task?.cancel()
    }

    private func start(_ dispatch: BrokerCommand.Dispatch) {
        guard let operation = registry.operations[dispatch.operation] else {
            let error = Job.Failure(code: "unknownOperation", message: "this worker does not run \(dispatch.operation)")
            outbox.post(Frames.encode(WorkerMessage.result(.init(job: dispatch.job, attempt: dispatch.attempt, outcome: .failed, error: error))))
            return
        }
        let context = JobContext(
            id: dispatch.job, attempt: dispatch.attempt, operation: dispatch.operation, history: dispatch.history, backend: backend)
        log.info("job \(dispatch.job) (\(dispatch.operation)) attempt \(dispatch.attempt) started")
        // Registered before the body runs, so even an instant job finds its entry when it ends.
        running.withLock { $0[dispatch.job] = RunningJob(attempt: dispatch.attempt) }
        // The body starts here, on the socket thread, and runs on until it first suspends: a job that
        // does not wait for anything is done, and its result posted, without waking another thread. When
        // this thread resumes it later (an answer, an acknowledgement), it goes on here too (`ConnectionExecutor`).
        let task = executor.whileRunning {
            Task.immediate(executorPreference: executor) { [self] in
                let limits = settings.limits
                let result = await Self.outcome(of: dispatch) {
                    let output = try await operation.run(dispatch.input, in: context)
                    try limits.check(value: output, "the output")
                    return output
                }
                let stillOurs = running.withLock { running -> Bool in
                    guard running[dispatch.job]?.attempt == dispatch.attempt else { return false }
                    running[dispatch.job] = nil
                    return true
                }
                // Only this attempt's waits: a replay of the job may already run here.
                backend.release(dispatch.job, attempt: dispatch.attempt)
                guard stillOurs else { return }
                log.info("job \(dispatch.job) \(result.outcome.rawValue)\(result.error.map { ": \($0.message)" } ?? "")")
                outbox.post(Frames.encode(WorkerMessage.result(result)))
            }
        }
        // Cancelled or let go before its handle was known (or already done: cancelling then changes nothing).
        let keep = running.withLock { jobs -> Bool in
            guard var entry = jobs[dispatch.job], entry.attempt == dispatch.attempt, entry.task == nil else { return false }
            entry.task = task
            jobs[dispatch.job] = entry
            return !entry.cancelled
        }
        if !keep { task.cancel() }
    }

    private static func outcome(
        of dispatch: BrokerCommand.Dispatch, _ body: () async throws -> RawJSON
    ) async -> WorkerMessage.Result {
        do {
            let output = try await body()
            return .init(job: dispatch.job, attempt: dispatch.attempt, outcome: .succeeded, output: output)
        } catch is CancellationError {
            return .init(job: dispatch.job, attempt: dispatch.attempt, outcome: .cancelled)
        } catch {
            return .init(job: dispatch.job, attempt: dispatch.attempt, outcome: .failed, error: failure(error))
        }
    }
}

/// How an operation's error is reported: its own code when it has one, `failed` otherwise.
func failure(_ error: any Error) -> Job.Failure {
    switch error {
    case let error as JobError: Job.Failure(code: error.code, message: error.message)
    case let refused as PresentationRefused: Job.Failure(code: refused.error.code.rawValue, message: refused.error.message)
    case let error as WireError: Job.Failure(code: error.code.rawValue, message: error.message)
    default: Job.Failure(code: "failed", message: "\(error)")
    }
}
