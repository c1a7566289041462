import Broker
import Client
import Configuration
import Foundation
import Lifecycle
import Log
import Operations
import Presentation
import SQLite
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

    let client: BrokerClient
    /// When each job's `job.succeeded` event arrived, by job id.
    let succeeded = Arrivals<ContinuousClock.Instant>()
    /// Each job's first pending question, by job id.
    let questions = Arrivals<Question>()
    private let follower: Task<Void, Never>
    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    /// Starts everything; `folder` must be empty or absent and is left for the caller to remove.
    init(context: Context, synchronous: Synchronous, capacity: Int, folder: URL) throws {
        let registry = BenchOperations.registry
        let quiet = Log.Level.warning
        let broker = try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*"),
            dataFolder: folder, synchronous: synchronous, log: Log("bench-broker", level: quiet),
            validate: { operation, input throws(WireError) in try registry.validate(operation: operation, input: input) })
        let worker = try WorkerService(
            context: context, endpoint: broker.endpoints.workers, registry: registry,
            settings: .init(name: "bench-worker", capacity: capacity), log: Log("bench-worker", level: quiet))
        group = ServiceGroup([broker, worker], gracePeriod: .seconds(5), signals: [], log: Log("bench", level: quiet))
        running = Task { [group] in try await group.run() }
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

    /// Runs `noop` jobs until one's `job.succeeded` event is seen: the worker is ready and the subscription live.
    func warmUp(within limit: Duration) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            let job = try await client.submit(Noop.name, input: .object([:]))
            do {
                _ = try await succeeded.wait(for: job.id, timeout: .milliseconds(500), what: "the warm-up job")
                return
            } catch let failure as BenchFailure where failure.timedOut {
                continue
            }
        }
        throw BenchFailure("the worker and event stream were not ready within \(limit)")
    }

    /// Stops the follower and the client, then the worker and the broker (within the group's grace period).
    func shutdown() async {
        follower.cancel()
        client.close()
        group.triggerGracefulShutdown()
        if case .failure(let error) = await running.result { printError("bench: \(error)") }
    }
}
