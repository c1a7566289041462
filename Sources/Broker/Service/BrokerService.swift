import Foundation
import Journal
import Log
import Presentation
import SQLite
import Synchronization
import Wire
import ZeroMQ

/// The broker as a service: its loop runs on a thread of its own, which owns every socket.
public final class BrokerService: Sendable {
    /// Where it actually listens (ports resolved when an endpoint asked for `*`).
    public let endpoints: BrokerEndpoints
    private let stopSignal: Wakeup
    private let finished = Completion()

    /// Opens the journal, recovers its state, binds the sockets and starts the loop.
    public init(
        context: Context, endpoints: BrokerEndpoints, dataFolder: URL, settings: BrokerState.Settings = .init(),
        synchronous: Synchronous = .full, log: Log,
        validate: @escaping @Sendable (String, JSONValue) throws(WireError) -> Void
    ) throws {
        let stop = try Wakeup()
        let journal = try Journal(folder: dataFolder, synchronous: synchronous)
        let loop = try BrokerLoop(
            context: context, endpoints: endpoints, journal: journal, settings: settings, validate: validate, log: log, stop: stop)
        self.endpoints = loop.bound
        self.stopSignal = stop
        let recovered = loop.state.activeJobs.count
        log.info("journal \(journal.path): \(recovered) unfinished job(s) recovered, \(loop.state.pendingCount) question(s) pending")
        let box = UncheckedBox(loop)
        let thread = Thread { [finished] in
            let result = Result { try box.value.run() }
            if case .failure(let error) = result { log.error("broker loop stopped: \(error)") }
            finished.set(result)
        }
        thread.name = "interlude-broker"
        thread.start()
    }

    /// Asks the loop to stop after its current turn.
    public func stop() { stopSignal.signal() }

    /// Waits until the loop has ended; rethrows what ended it.
    public func wait() async throws {
        while true {
            if let result = finished.result { return try result.get() }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// Moves a value to the thread that will own it from then on.
struct UncheckedBox<Value>: @unchecked Sendable {  // the loop is handed over once and used by one thread only
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// How the loop ended, once it has.
final class Completion: Sendable {
    private let state = Mutex<Result<Void, any Error>?>(nil)
    var result: Result<Void, any Error>? { state.withLock { $0 } }
    func set(_ result: Result<Void, any Error>) { state.withLock { $0 = result } }
}
