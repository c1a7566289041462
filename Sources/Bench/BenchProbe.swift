import Client
import Foundation
import JSON
import Operations
import Presentation
import Wire
import ZeroMQ

/// The bench's side of a running system: a client that submits and answers, and a follower of its events.
final class BenchProbe: Sendable {
    /// A `presentation.pending` event as the bench saw it.
    struct Question: Sendable {
        let at: ContinuousClock.Instant
        let presentation: String
    }

    let client: BrokerClient
    private let connection: BrokerConnection
    /// When each job's `job.succeeded` event arrived, by job id.
    let succeeded = Arrivals<ContinuousClock.Instant>()
    /// Each job's first pending question, by job id.
    let questions = Arrivals<Question>()
    private let listener: EventListener

    /// Connects to a broker's client and event endpoints; a request waits `requestTimeout` for its reply.
    /// With CURVE `security`, both connections use it.
    init(clients: String, events: String, requestTimeout: Duration = .seconds(5), security: ConnectionSecurity = .none) throws {
        connection = try BrokerConnection(.init(clients: clients, events: events, security: security, requestTimeout: requestTimeout))
        client = connection.client
        let topics = [Event.Kind.jobSucceeded, .jobFailed, .jobCancelled, .presentationPending].map(\.rawValue)
        // On the subscription's thread as each event is read: a waiting lane is resumed from there, with no
        // stream and follower task between (the time an application awaiting the event would see).
        listener = try connection.listen(topics: topics) { [succeeded, questions] event in
            let now = ContinuousClock.now
            guard let job = event.job else { return }
            switch event.type {
            case .jobSucceeded:
                succeeded.arrive(job.id, now)
            case .presentationPending:
                if let presentation = event.presentation { questions.arrive(job.id, Question(at: now, presentation: presentation.id)) }
            case .jobFailed, .jobCancelled:
                let failure = BenchFailure("job \(job.id) (\(job.operation)) \(job.state.rawValue): \(job.error?.description ?? "no error given")")
                succeeded.failAll(failure)
                questions.failAll(failure)
            default:
                break
            }
        }
    }

    /// Runs `noop` jobs until one's `job.succeeded` event is seen: a worker has announced its operations and
    /// is ready, and the subscription is live. Returns how many jobs it submitted (each succeeds sooner or later).
    @discardableResult
    func warmUp(within limit: Duration) async throws -> Int {
        let deadline = ContinuousClock.now + limit
        var submitted = 0
        while ContinuousClock.now < deadline {
            guard let job = try await submitWarmUpJob() else {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            submitted += 1
            do {
                _ = try await succeeded.wait(for: job.id, timeout: .milliseconds(500), what: "the warm-up job")
                return submitted
            } catch let failure as BenchFailure where failure.timedOut {
                continue
            }
        }
        throw BenchFailure("the worker and event stream were not ready within \(limit)")
    }

    /// Submits a `noop` job; `nil` while no worker has announced `noop` yet.
    private func submitWarmUpJob() async throws -> Job? {
        switch await client.request(.submit(.init(operation: Noop.name, input: .object([:])))) {
        case .job(let job): return job
        case .error(let error) where error.code == .unknownOperation: return nil
        case .error(let error): throw error
        case let other: throw BenchFailure("unexpected \(other.type) reply to a submit")
        }
    }

    /// Stops following events and closes the client.
    func close() {
        listener.cancel()
        succeeded.close()
        questions.close()
        connection.close()
    }
}
