import Foundation
public import Journal
public import Lifecycle
public import Log
import Presentation
import Primitives
import Synchronization
import Wire
public import ZeroMQ

/// The broker as a service: `init` opens the journal, recovers its state and binds the sockets (so
/// `endpoints` names the ports it got); `run()` drives the loop on a thread of its own, which owns
/// every socket, until the task is cancelled or a graceful shutdown is signalled.
public final class BrokerService: Service {
    /// Where it actually listens (ports resolved when an endpoint asked for `*`).
    public let endpoints: BrokerEndpoints
    private let stopSignal: Wakeup
    private let loop: Mutex<BrokerLoop?>
    private let keys: BrokerKeys?
    private let keyUpdates: Mailbox<AuthorizedKeys>
    private let log: Log

    /// Opens the journal, recovers its state (unfinished jobs, pending questions, announced operations)
    /// and binds the sockets; nothing is served before `run()`. The broker knows no operation but those
    /// its workers announce. On a shared journal (PostgreSQL) the state is recovered in `run()`, once
    /// this broker holds the lease; until then it answers everyone `notActive`.
    ///
    /// With `keys`, every socket uses CURVE and admits only the authorized keys, each to the sockets
    /// and commands its role allows. Without them, an endpoint beyond loopback is refused.
    public init(
        context: Context, endpoints: BrokerEndpoints, journal location: JournalLocation, replacingForeignJournal: Bool = false,
        settings: BrokerState.Settings = .init(), keys: BrokerKeys? = nil, log: Log
    ) throws {
        if let list = endpoints.list { throw BrokerStartError.severalEndpoints(setting: list.setting, endpoint: list.endpoint) }
        if keys == nil, let exposed = endpoints.beyondLoopback.first {
            throw BrokerStartError.exposedWithoutKeys(setting: exposed.setting, endpoint: exposed.endpoint)
        }
        let stop = try Wakeup()
        let keyUpdates = try Mailbox<AuthorizedKeys>()
        // The file's check reads every page: it runs beside the recovery, which waits for it before the broker serves.
        let (journal, check) = try location.openChecking(replacingForeign: replacingForeignJournal)
        let loop = try BrokerLoop(
            context: context, endpoints: endpoints, journal: journal, check: check, settings: settings, keys: keys, keyUpdates: keyUpdates,
            log: log, stop: stop)
        self.endpoints = loop.bound
        self.stopSignal = stop
        self.keys = keys
        self.keyUpdates = keyUpdates
        self.log = log
        self.loop = Mutex(loop)
    }

    /// Runs the loop until cancelled or shut down gracefully (the turn in progress is finished first);
    /// a journal failure ends it with that error, nothing of the turn acknowledged. Runs once.
    public func run() async throws {
        guard let loop = loop.withLock({ $0.take() }) else { return }
        let box = Handoff(loop)
        try await runOnOwnThread(named: "interlude-broker", { try box.value.run() }, stop: { [stopSignal] in stopSignal.signal() })
    }

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
}
