public import Foundation
public import Lifecycle
public import Log
import Presentation
import Synchronization
public import Wire
public import WorkerKit
public import ZeroMQ

/// A worker: connects to the broker's worker endpoint, announces its operations and runs what it is handed.
///
/// One thread owns the DEALER socket (heartbeats both ways, reconnect when the broker goes quiet);
/// operations run as Swift tasks and talk to that thread through a mailbox; a job starts on that thread,
/// and goes on there when that thread resumes it (`ConnectionExecutor`). `run()` starts it and
/// returns once it has said goodbye to the broker and its jobs are cancelled.
public final class WorkerService: Service {
    /// How the worker announces itself and how it watches the broker.
    public struct Settings: Sendable {
        /// The worker's name, as `interlude operations` lists it.
        public var name: String
        /// How many jobs it runs at once.
        public var capacity: Int
        /// How often it tells the broker it is alive.
        public var heartbeatInterval: TimeInterval
        /// How many heartbeats may go missing before the broker is taken for gone.
        public var liveness: Int
        /// The size policy: what the worker reads, and what it checks before it sends.
        public var limits: MessageLimits
        /// Tasks kept suspended on a question at once; beyond it the oldest is let go and replayed when answered.
        public var maxSuspended: Int

        /// Settings with these values; the defaults are `interlude worker`'s.
        public init(
            name: String, capacity: Int, heartbeatInterval: TimeInterval = 1, liveness: Int = 3, limits: MessageLimits = .standard,
            maxSuspended: Int = 1_000
        ) {
            self.name = name
            self.capacity = capacity
            self.heartbeatInterval = heartbeatInterval
            self.liveness = liveness
            self.limits = limits
            self.maxSuspended = maxSuspended
        }
    }

    let registry: OperationRegistry
    let settings: Settings
    let log: Log
    let outbox: Mailbox<[Data]>
    let backend: SocketBackend
    let running = Mutex<[String: RunningJob]>([:])
    /// The names of the operations the broker took, each time it welcomes this worker (after every `ready`).
    public let welcomes: AsyncStream<[String]>
    let welcomed: AsyncStream<[String]>.Continuation
    let stopRequest: Wakeup
    /// Where a job goes on when the connection thread resumes it (`ConnectionExecutor`).
    let executor = ConnectionExecutor()
    private let stopped = Mutex(false)
    private let connection: WorkerConnection

    /// A job's attempt running here; `task` is nil while its body runs on the socket thread before its
    /// first suspension, and `cancelled` says a cancel came meanwhile (the task is cancelled once known).
    struct RunningJob: Sendable {
        let attempt: Int
        var task: Task<Void, Never>?
        var cancelled = false
    }

    /// A worker for the broker at `endpoint`, over CURVE when `security` says so; it connects when it runs.
    public init(
        context: Context, endpoint: String, security: SocketSecurity = .none, registry: OperationRegistry, settings: Settings, log: Log
    ) throws {
        self.registry = registry
        self.settings = settings
        self.log = log
        (welcomes, welcomed) = AsyncStream.makeStream(of: [String].self, bufferingPolicy: .bufferingNewest(1))
        let outbox = try Mailbox<[Data]>()
        self.outbox = outbox
        backend = SocketBackend(limits: settings.limits, maxSuspended: settings.maxSuspended) { message, correlation in
            outbox.post(Frames.encode(message, correlation: correlation))
        }
        stopRequest = try Wakeup()
        connection = WorkerConnection(context: context, endpoint: endpoint, security: security)
        backend.onDrop { [unowned self] in drop($0) }
    }

    /// Connects, announces the operations and runs what the broker hands over, reconnecting when it
    /// goes quiet, until cancelled or shut down gracefully; then its jobs are cancelled.
    public func run() async throws {
        try await runOnOwnThread(
            named: "interlude-worker",
            { [self] in
                executor.adopt()
                connection.run(for: self)
                dropAll()
                executor.runReady()
                executor.release()
                welcomed.finish()
            }, stop: { [self] in stop() })
    }

    /// Stops taking work and says goodbye to the broker; the socket thread then ends.
    private func stop() {
        stopped.withLock { $0 = true }
        stopRequest.signal()
        // Closing after the goodbye keeps it (and any result still waiting) for the socket thread's last flush.
        outbox.close(after: Frames.encode(WorkerMessage.disconnect))
    }

    var isStopped: Bool { stopped.withLock { $0 } }
}
