import Foundation
import Journal
import Log
import Presentation
import Wire
import ZeroMQ

/// The socket loop that drives `BrokerState`: one thread owns every socket and the journal.
///
/// Each turn drains what is readable, feeds it to the state machine, commits the turn's journal
/// changes in one transaction, and only then dispatches, replies and publishes. On a shared journal
/// (PostgreSQL) it first stands by until it holds the lease (`BrokerLoop+Lease.swift`).
final class BrokerLoop {
    let clients: Socket
    let workers: Socket
    let events: Socket
    let journal: Journal
    var state: BrokerState
    let admission: Admission
    let log: Log
    let stop: Wakeup
    let bound: BrokerEndpoints
    /// CURVE admission and per-command roles; nil when the broker runs without keys (loopback only).
    let gate: KeyGate?
    /// Set while the journal's disk is full: writes are refused, reads go on, and `nextProbe` says
    /// when to check for room again.
    var storageFull = false
    var nextProbe = Date()
    /// Set while the events endpoint, closed to drop revoked subscribers, could not be bound again yet.
    var eventsUnbound = false
    /// This broker's name in the lease: host, process and client endpoint.
    let holder: String
    /// The lease while this broker is active on a shared journal; nil while it stands by.
    var lease: Lease?
    /// When the lease was last extended.
    var lastRenewal = ContinuousClock.now
    /// When the next pruning batch is due (`retention`).
    var nextPrune = ContinuousClock.now
    private var nextTick = Date()
    private static let maxPerTurn = 512

    init(
        context: Context, endpoints: BrokerEndpoints, journal: Journal, check: Journal.IntegrityCheck? = nil, settings: BrokerState.Settings,
        keys: BrokerKeys?, keyUpdates: Mailbox<AuthorizedKeys>, log: Log, stop: Wakeup
    ) throws {
        // The ZAP handler must be bound before the first CURVE server socket, or handshakes go unchecked.
        gate = try keys.map { keys throws(ZMQError) in
            try KeyGate(context: context, keys: keys.authorized, updates: keyUpdates, log: log)
        }
        let security = { (domain: BrokerDomain) in keys?.security(domain) ?? .none }
        clients = try Self.router(context, endpoints.clients, security(.clients), limits: settings.limits)
        workers = try Self.router(context, endpoints.workers, security(.workers), limits: settings.limits)
        events = try Socket(context, .pub, security: security(.events))
        try events.setSendHighWaterMark(100_000)
        try events.bind(endpoints.events)
        bound = BrokerEndpoints(clients: try clients.lastEndpoint, workers: try workers.lastEndpoint, events: try events.lastEndpoint)
        self.journal = journal
        holder = "\(ProcessInfo.processInfo.hostName) pid \(getpid()) \(bound.clients)"
        // A shared journal is read when this broker takes the lease: another broker may be writing it now.
        state = BrokerState(settings: settings)
        admission = Admission(limits: settings.limits)
        self.log = log
        self.stop = stop
        if !journal.isShared {
            do {
                try recover()
            } catch {
                // A damaged file says so, whatever the recovery tripped on.
                try check?.wait()
                throw error
            }
        }
        // Nothing is served before the file's check (running alongside the recovery) has passed.
        try check?.wait()
    }

    var limits: MessageLimits { state.settings.limits }

    private static func router(_ context: Context, _ endpoint: String, _ security: SocketSecurity, limits: MessageLimits) throws -> Socket {
        let socket = try Socket(context, .router, security: security)
        try socket.setRouterMandatory(true)
        try socket.setMaxMessageSize(Int64(limits.frameBytes))
        try socket.setSendHighWaterMark(100_000)
        try socket.setReceiveHighWaterMark(100_000)
        try socket.bind(endpoint)
        return socket
    }

    /// Recovers the journal's state: every unfinished job, pending question and announced operation;
    /// a job whose rows cannot be read is set aside (quarantined) and named in the log.
    func recover() throws {
        // Built while the rows are read: the journal's jobs are never all held a second time beside the state.
        state = BrokerState(settings: state.settings)
        var recovering = BrokerState.Recovering(
            settings: state.settings, lastSequence: try journal.lastEventSequence(), announcements: try journal.announcements())
        recovering.reserveCapacity(try journal.unfinishedJobCount())
        // The rows are read on a thread of their own while this one builds the state.
        let quarantined = try journal.recoverAlongside { recovering.add($0, $1) }
        state = recovering.finish(quarantined: quarantined)
        log.info(
            "journal \(journal.path): \(state.activeJobCount) unfinished job(s) recovered, \(state.pendingCount) question(s) pending, \(state.registry.names.count) operation(s) known"
        )
        for set in state.quarantined { log.error("job \(set.job) quarantined, the broker runs without it: \(set.reason)") }
    }

    /// Runs until `stop` is signalled. On SQLite a journal failure ends the loop with an error (nothing
    /// is acknowledged); on a shared journal a lost lease or session sends the broker back to standing by.
    func run() throws {
        defer { close() }
        guard journal.isShared else { return try serve() }
        while try standBy() {
            do {
                try serve()
                // Stopped on purpose: a standby may take over at once instead of after the lease runs out.
                journal.releaseLease()
                return
            } catch let error as LeaseLost {
                log.error("stopped serving: \(error); nothing more is written, standing by")
            } catch let error where !(error is ZMQError) {
                log.error("stopped serving: the journal failed (\(error)); nothing more is written, standing by")
                journal.releaseLease()
            }
            lease = nil
            state = BrokerState(settings: state.settings)
        }
    }

    /// The sockets every loop polls: clients, workers, the stop request, and the key gate's when there is one.
    var pollItems: [PollItem] {
        var items: [PollItem] = [.socket(clients), .socket(workers), .fileDescriptor(stop.fileDescriptor)]
        if let gate { items += [.socket(gate.handler.socket), .fileDescriptor(gate.updates.fileDescriptor)] }
        return items
    }

    /// The active broker's loop, until `stop` is signalled.
    private func serve() throws {
        while true {
            let readable = try poll(pollItems, timeout: timeout())
            if readable[2] { return }
            // Before anything of the turn: a broker that was paused past its lease learns it here.
            try keepLease()
            var effects = try serveGate(readable)
            if readable[0] { effects += try drain(clients, handle: client) }
            if readable[1] { effects += try drain(workers, handle: worker) }
            let now = Date()
            if now >= nextTick || (state.nextExpiry.map { $0 <= now } ?? false) {
                effects += state.tick(now: now)
                nextTick = now.addingTimeInterval(state.settings.heartbeatInterval / 4)
            }
            if storageFull, now >= nextProbe { effects += try probeStorage(now: now) }
            try perform(effects)
            try pruneIfDue()
        }
    }

    private func timeout() -> Duration {
        let wake = min(nextTick, state.nextExpiry ?? nextTick)
        let seconds = max(0, min(wake.timeIntervalSinceNow, 1))
        return min(.milliseconds(Int(seconds * 1000)), untilRenewal)
    }

    private func drain(_ socket: Socket, handle: (PeerID, [Data], String?) throws -> [BrokerEffect]) throws -> [BrokerEffect] {
        var effects: [BrokerEffect] = []
        for _ in 0..<Self.maxPerTurn {
            guard let message = try socket.receiveMessage() else { break }
            guard let peer = message.frames.first else { continue }
            effects += try handle(peer, Array(message.frames.dropFirst()), message.userID)
        }
        return effects
    }

    private func close() {
        clients.close()
        workers.close()
        events.close()
        gate?.close()
    }
}
