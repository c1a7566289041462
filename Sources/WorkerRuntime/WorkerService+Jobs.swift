import Foundation
import Presentation
import Wire
import WorkerKit

extension WorkerService {
    /// Handles one command from the broker; called on the socket thread, never blocks.
    func handle(_ command: BrokerCommand, correlation: String) {
        switch command {
        case .dispatch(let dispatch):
            start(dispatch)
        case .presented, .stepRecorded, .refused:
            backend.acks.resolve(correlation, command)
        case .resume(let resume):
            backend.resumptions.resolve(.init(job: resume.job, sequence: resume.sequence), resume.resolution)
        case .cancel(let attempt):
            cancel(attempt.job, report: true)
        case .forget(let attempt):
            cancel(attempt.job, report: false)
        case .heartbeat, .reconnect:
            break
        }
    }

    /// Drops every job (the broker replays them): used when the broker no longer knows this worker.
    func dropAll() {
        let jobs = running.withLock { running in
            defer { running.removeAll() }
            return running
        }
        for (id, job) in jobs {
            backend.release(id)
            job.task.cancel()
        }
    }

    private func cancel(_ job: String, report: Bool) {
        let found: RunningJob? = running.withLock { running in
            report ? running[job] : running.removeValue(forKey: job)
        }
        backend.release(job)
        found?.task.cancel()
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
        // Registered under the lock that the task's end also takes, so even an instant job finds its entry.
        running.withLock { jobs in
            jobs[dispatch.job] = RunningJob(attempt: dispatch.attempt, task: Task { [self] in
            let result = await Self.outcome(of: dispatch) { try await operation.run(dispatch.input, in: context) }
            let stillOurs = running.withLock { running -> Bool in
                guard running[dispatch.job]?.attempt == dispatch.attempt else { return false }
                running[dispatch.job] = nil
                return true
            }
            backend.release(dispatch.job)
            guard stillOurs else { return }
            log.info("job \(dispatch.job) \(result.outcome.rawValue)\(result.error.map { ": \($0.message)" } ?? "")")
            outbox.post(Frames.encode(WorkerMessage.result(result)))
            })
        }
    }

    private static func outcome(
        of dispatch: BrokerCommand.Dispatch, _ body: () async throws -> JSONValue
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
