import Log
import Foundation
import Presentation
import Synchronization
import Wire
import WorkerKit
import ZeroMQ

/// A worker: connects to the broker's worker endpoint, announces its operations and runs what it is handed.
///
/// One thread owns the DEALER socket (heartbeats both ways, reconnect when the broker goes quiet);
/// operations run as Swift tasks and talk to that thread through a mailbox.
public final class WorkerService: Sendable {
    /// How the worker announces itself and how it watches the broker.
    public struct Settings: Sendable {
        public var name: String
        public var capacity: Int
        public var heartbeatInterval: TimeInterval
        public var liveness: Int
        /// The size policy: what the worker reads, and what it checks before it sends.
        public var limits: MessageLimits

        public init(name: String, capacity: Int, heartbeatInterval: TimeInterval = 1, liveness: Int = 3, limits: MessageLimits = .standard) {
            self.name = name
            self.capacity = capacity
            self.heartbeatInterval = heartbeatInterval
            self.liveness = liveness
            self.limits = limits
        }
    }

    let registry: OperationRegistry
    let settings: Settings
    let log: Log
    let outbox: Mailbox<[Data]>
    let backend: SocketBackend
    let running = Mutex<[String: RunningJob]>([:])
    private let stopped = Mutex(false)
    private let finished = Mutex(false)

    struct RunningJob: Sendable {
        let attempt: Int
        let task: Task<Void, Never>
    }

    /// Starts the socket thread and announces the worker to the broker at `endpoint`, over CURVE when `security` says so.
    public init(
        context: Context, endpoint: String, security: SocketSecurity = .none, registry: OperationRegistry, settings: Settings, log: Log
    ) throws {
        self.registry = registry
        self.settings = settings
        self.log = log
        let outbox = try Mailbox<[Data]>()
        self.outbox = outbox
        backend = SocketBackend(limits: settings.limits) { message, correlation in outbox.post(Frames.encode(message, correlation: correlation)) }
        let connection = WorkerConnection(context: context, endpoint: endpoint, security: security, service: self)
        let thread = Thread { [self] in
            connection.run()
            dropAll()
            finished.withLock { $0 = true }
        }
        thread.name = "interlude-worker"
        thread.start()
    }

    /// Stops taking work, cancels what runs and closes the connection.
    public func stop() {
        stopped.withLock { $0 = true }
        outbox.post(Frames.encode(WorkerMessage.disconnect))
        outbox.close()
    }

    var isStopped: Bool { stopped.withLock { $0 } }

    /// Waits until the socket thread has ended (after `stop()`), its jobs cancelled.
    public func wait() async {
        while !finished.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
