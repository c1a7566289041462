import Presentation
import Wire

/// The resolver's pure core: it takes the pending snapshot, live events, catch-up pages, ticks and
/// answer replies, and says what to show, close, announce or fetch. No sockets, threads or clocks.
///
/// Subscribe first, then `start` with a snapshot: events with a sequence above the snapshot's are
/// applied once and in order; a gap asks for `fetchEvents`; a silence of `silenceTicks` ticks asks
/// for a catch-up too, so a reconnected stream is reconciled. One presentation is shown at a time,
/// oldest first (`showNext`); a shown one stays shown until it is answered or ends.
public struct ResolverSession: Sendable {
    /// Orders events against snapshots and pages.
    public private(set) var sequencer = EventSequencer()
    /// The pending presentations, oldest first.
    public internal(set) var pending = PendingSet()
    /// The presentation on screen (or being decided by a policy), if any.
    public internal(set) var shown: PendingEntry?
    /// The presentation whose answer is in flight, if any.
    public internal(set) var answering: PendingEntry?
    /// With `once`: only the first snapshot's presentations are handled, and the session then finishes.
    public let once: Bool
    /// Whether the first snapshot has been applied.
    public private(set) var started = false
    /// Whether the answered presentation ended (by event or snapshot) while our answer was in flight.
    var endedInFlight = false
    /// How it ended, when an event said; the reply decides what that means for our answer.
    var resolvedInFlight: Resolution?
    /// Presentations left for someone else (a policy could not decide and there is no person).
    var setAside: Set<String> = []
    /// Presentations already announced with `presented`.
    var announced: Set<String> = []
    /// Presentations known to have ended; a stale snapshot never brings them back.
    var finished: Set<String> = []
    /// With `once`: the first snapshot's presentation ids.
    var scope: Set<String>?
    let silenceTicks: Int
    var quietTicks = 0

    /// A session; `once` limits it to what the first snapshot lists, `silenceTicks` is how many quiet
    /// ticks (no event, no heartbeat) make it catch up.
    public init(once: Bool = false, silenceTicks: Int = 5) {
        self.once = once
        self.silenceTicks = max(1, silenceTicks)
    }

    /// Applies a snapshot (the first, or one asked for with `fetchSnapshot`) and the events held after it.
    public mutating func start(_ snapshot: BrokerReply.PendingSnapshot) -> [SessionAction] {
        let listed = snapshot.presentations.map { PendingEntry($0, operation: snapshot.operations[$0.job]) }
        if !started, once { scope = Set(listed.map(\.id)) }
        started = true
        let ids = Set(listed.map(\.id))
        var actions: [SessionAction] = []
        for entry in pending.entries where !ids.contains(entry.id) {
            actions += close(entry.id, resolution: nil)
        }
        for entry in listed.sorted(by: { $0.presentation.createdAt < $1.presentation.createdAt }) {
            actions += add(entry)
        }
        let (events, need) = sequencer.snapshot(at: snapshot.sequence)
        return actions + events.flatMap { apply($0) } + Self.actions(for: need)
    }

    /// Applies a live event or heartbeat (in order, once), asking for what is missing.
    public mutating func receive(_ event: Event) -> [SessionAction] {
        quietTicks = 0
        let (events, need) = sequencer.receive(event)
        return events.flatMap { apply($0) } + Self.actions(for: need)
    }

    /// Applies a page of journaled events fetched after a gap.
    public mutating func receive(_ page: BrokerReply.EventPage) -> [SessionAction] {
        let (events, need) = sequencer.receive(page)
        return events.flatMap { apply($0) } + Self.actions(for: need)
    }

    /// A fetch (events or snapshot) failed; the next gap, heartbeat or silence asks again.
    public mutating func fetchFailed() {
        sequencer.fetchFailed()
    }

    /// One unit of time passed; after `silenceTicks` without an event or heartbeat, catches up.
    public mutating func tick() -> [SessionAction] {
        quietTicks += 1
        guard quietTicks >= silenceTicks else { return [] }
        quietTicks = 0
        return Self.actions(for: sequencer.catchUp())
    }

    /// With `once`: everything the first snapshot listed is answered, closed or set aside.
    public var isFinished: Bool {
        once && started && shown == nil && answering == nil && pending.entries.allSatisfy { setAside.contains($0.id) }
    }

    /// How many presentations wait behind the shown one (set-aside ones not counted).
    public var waiting: Int {
        pending.entries.filter { !setAside.contains($0.id) && $0.id != shown?.id }.count
    }

    static func actions(for need: EventSequencer.Need?) -> [SessionAction] {
        switch need {
        case .events(let after): [.fetchEvents(after: after)]
        case .snapshot: [.fetchSnapshot]
        case nil: []
        }
    }
}
