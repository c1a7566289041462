import Broker
import Client
import Configuration
import Foundation
import Journal
import Operations
import Presentation
import Wire
import WorkerKit
import WorkerRuntime
import ZeroMQ

/// A broker and one worker on loopback ports with a journal in a scratch folder, plus a client and an event follower.
final class BenchSystem: Sendable {
    /// A `presentation.pending` event as the bench saw it.
    struct Question: Sendable {
        let at: ContinuousClock.Instant
        let presentation: String
    }

    let broker: BrokerService
    let worker: WorkerService
    let client: BrokerClient
    /// When each job's `job.succeeded` event arrived, by job id.
    let succeeded = Arrivals<ContinuousClock.Instant>()
    /// Each job's first pending question, by job id.
    let questions = Arrivals<Question>()
    private let follower: Task<Void, Never>

    /// Starts everything; `folder` must be empty or absent and is left for the caller to remove.
    init(context: Context, synchronous: Database.Options.Synchronous, capacity: Int, folder: URL) throws {
        let registry = try BenchOperations.registry()
        let quiet = Log.Level.warning
        broker = try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*"),
            dataFolder: folder, synchronous: synchronous, log: Log("bench-broker", level: quiet))
        worker = try WorkerService(
            context: context, endpoint: broker.endpoints.workers, registry: registry,
            settings: .init(name: "bench-worker", capacity: capacity), log: Log("bench-worker", level: quiet))
        client = try BrokerClient(context: context, endpoint: broker.endpoints.clients)
        let topics = [Event.Kind.jobSucceeded, .jobFailed, .jobCancelled, .presentationPending].map(\.rawValue)
        let stream = try EventSubscription.stream(context: context, endpoint: broker.endpoints.events, topics: topics)
        follower = Task { [succeeded, questions] in
            for await event in stream {
                let now = ContinuousClock.now
                guard let job = event.job else { continue }
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
    }

    /// Runs `noop` jobs until one's `job.succeeded` event is seen: the worker has announced its operations
    /// and is ready, and the subscription is live.
    func warmUp(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            guard let job = try await submitWarmUpJob() else {
                try await Task.sleep(for: .milliseconds(20))
                continue
            }
            do {
                _ = try await succeeded.wait(for: job.id, timeout: .milliseconds(500), what: "the warm-up job")
                return
            } catch let failure as BenchFailure where failure.timedOut {
                continue
            }
        }
        throw BenchFailure("the worker and event stream were not ready within \(limit)")
    }

    /// Submits a `noop` job; `nil` while the worker has not announced `noop` yet.
    private func submitWarmUpJob() async throws -> Job? {
        switch await client.request(.submit(.init(operation: Noop.name, input: .object([:])))) {
        case .job(let job): return job
        case .error(let error) where error.code == .unknownOperation: return nil
        case .error(let error): throw error
        case let other: throw BenchFailure("unexpected \(other.type) reply to a submit")
        }
    }

    /// Stops the follower, the client, the worker and the broker, waiting a bounded time for each.
    func shutdown() async {
        follower.cancel()
        client.close()
        worker.stop()
        broker.stop()
        let broker = self.broker
        let worker = self.worker
        if await !Bounded.wait(.seconds(5), { try? await broker.wait() }) { printError("bench: the broker did not stop within 5 s") }
        if await !Bounded.wait(.seconds(5), { await worker.wait() }) { printError("bench: the worker did not stop within 5 s") }
    }
}

/// Waits for work that may never end without cancelling it (some waits spin when cancelled).
enum Bounded {
    /// True if `body` finished within `limit`; otherwise it is left running and false is returned.
    static func wait(_ limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
        let done = Arrivals<Bool>()
        Task {
            await body()
            done.arrive("done", true)
        }
        return (try? await done.wait(for: "done", timeout: limit, what: "shutdown")) ?? false
    }
}
