import Broker
import Client
import Configuration
import Foundation
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

    let broker: BrokerService
    let worker: WorkerService
    let client: BrokerClient
    /// When each job's `job.succeeded` event arrived, by job id.
    let succeeded = Arrivals<ContinuousClock.Instant>()
    /// Each job's first pending question, by job id.
    let questions = Arrivals<Question>()
    private let follower: Task<Void, Never>

    /// Starts everything; `folder` must be empty or absent and is left for the caller to remove.
    ///
    /// With `curve`, every socket uses CURVE and the broker's ZAP handler admits one fresh key holding every role.
    init(context: Context, synchronous: Synchronous, capacity: Int, folder: URL, curve: Bool = false) throws {
        let registry = BenchOperations.registry
        let quiet = Log.Level.warning
        let keys = curve ? try BenchKeys() : nil
        broker = try BrokerService(
            context: context,
            endpoints: BrokerEndpoints(clients: "tcp://127.0.0.1:*", workers: "tcp://127.0.0.1:*", events: "tcp://127.0.0.1:*"),
            dataFolder: folder, synchronous: synchronous, keys: keys?.broker, log: Log("bench-broker", level: quiet),
            validate: { operation, input throws(WireError) in try registry.validate(operation: operation, input: input) })
        let security = keys?.client ?? .none
        worker = try WorkerService(
            context: context, endpoint: broker.endpoints.workers, security: security, registry: registry,
            settings: .init(name: "bench-worker", capacity: capacity), log: Log("bench-worker", level: quiet))
        client = try BrokerClient(context: context, endpoint: broker.endpoints.clients, security: security)
        let topics = [Event.Kind.jobSucceeded, .jobFailed, .jobCancelled, .presentationPending].map(\.rawValue)
        let stream = try EventSubscription.stream(context: context, endpoint: broker.endpoints.events, topics: topics, security: security)
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

/// A broker key and one client key admitted as worker, client and answerer, made fresh for a CURVE run.
struct BenchKeys {
    let broker: BrokerKeys
    let client: SocketSecurity

    init() throws {
        let server = try CurveKeyPair.generate()
        let bench = try CurveKeyPair.generate()
        let lines = ["worker", "client", "answerer"].map { "\($0) bench \(bench.publicKey)" }.joined(separator: "\n")
        broker = BrokerKeys(secretKey: server.secretKey, authorized: try AuthorizedKeys(parsing: lines, source: "bench"))
        client = .curveClient(serverKey: server.publicKey, secretKey: bench.secretKey)
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
