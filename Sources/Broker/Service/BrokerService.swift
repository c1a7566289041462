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
    private let keys: BrokerKeys?
    private let keyUpdates: Mailbox<AuthorizedKeys>
    private let log: Log

    /// Opens the journal, recovers its state, binds the sockets and starts the loop.
    ///
    /// With `keys`, every socket uses CURVE and admits only the authorized keys, each to the sockets
    /// and commands its role allows. Without them, an endpoint beyond loopback is refused.
    public init(
        context: Context, endpoints: BrokerEndpoints, dataFolder: URL, settings: BrokerState.Settings = .init(),
        synchronous: Synchronous = .full, keys: BrokerKeys? = nil, log: Log,
        validate: @escaping @Sendable (String, JSONValue) throws(WireError) -> Void
    ) throws {
        if keys == nil, let exposed = endpoints.beyondLoopback.first {
            throw BrokerStartError.exposedWithoutKeys(setting: exposed.setting, endpoint: exposed.endpoint)
        }
        let stop = try Wakeup()
        let keyUpdates = try Mailbox<AuthorizedKeys>()
        let journal = try Journal(folder: dataFolder, synchronous: synchronous)
        let loop = try BrokerLoop(
            context: context, endpoints: endpoints, journal: journal, settings: settings, keys: keys, keyUpdates: keyUpdates,
            validate: validate, log: log, stop: stop)
        self.endpoints = loop.bound
        self.stopSignal = stop
        self.keys = keys
        self.keyUpdates = keyUpdates
        self.log = log
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

    /// Reads the authorized keys file again and hands the keys to the loop; a bad file keeps the old keys.
    ///
    /// Returns the number of keys now admitted, or nil when the broker runs without keys or the file is bad.
    @discardableResult
    public func reloadKeys() -> Int? {
        guard let keys else {
            log.info("no authorized keys to reload: the broker runs without CURVE keys")
            return nil
        }
        do {
            let authorized = try AuthorizedKeys.load(keys.authorizedKeysFile)
            keyUpdates.post(authorized)
            return authorized.identities.count
        } catch {
            log.error("\(error); keeping the keys already loaded")
            return nil
        }
    }

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
