public import Wire

/// The pure core of an `EventFollower`: puts live events in sequence order against a snapshot (the
/// Clone pattern, `EventSequencer`), asks for journal pages to fill gaps and for a new snapshot when
/// the journal cannot, and after a silence (no event, no heartbeat) or an ended stream asks for a new
/// subscription and a catch-up. No sockets, threads or clocks: ticks come from outside.
public struct FollowerState: Sendable, Hashable {
    /// What happened.
    public enum Input: Sendable, Hashable {
        /// A live event or heartbeat.
        case event(Event)
        /// A journal page asked for with `fetchEvents`.
        case page(BrokerReply.EventPage)
        /// A snapshot asked for with `fetchSnapshot` arrived, reflecting this sequence.
        case snapshot(sequence: Int64)
        /// The last fetch failed; it is asked again later.
        case fetchFailed
        /// Time passed: a quarter of the silence that counts as lost contact.
        case tick
        /// The live stream ended.
        case streamEnded
        /// The consumer could not take what was delivered: start again from a new snapshot.
        case deliveryFailed
    }

    /// What to do.
    public enum Action: Sendable, Hashable {
        /// Hand this event to the consumer: in order, once.
        case deliver(Event)
        /// Read the journal after this sequence.
        case fetchEvents(after: Int64)
        /// Take a new snapshot (the first, or one the journal's history cannot replace).
        case fetchSnapshot
        /// Drop the live subscription and open a new one.
        case resubscribe
    }

    /// Quiet ticks that count as lost contact.
    public static let silenceTicks = 4

    /// Orders events against snapshots and pages.
    public private(set) var sequencer = EventSequencer()
    private var quietTicks = 0
    private var snapshotAsked = false

    /// A follower that has nothing yet.
    public init() {}

    /// The first step: subscribed, ask for the snapshot.
    public mutating func start() -> [Action] {
        snapshotAsked = true
        return [.fetchSnapshot]
    }

    /// The actions one input calls for, in order.
    public mutating func receive(_ input: Input) -> [Action] {
        switch input {
        case .event(let event):
            quietTicks = 0
            return actions(sequencer.receive(event))
        case .page(let page):
            return actions(sequencer.receive(page))
        case .snapshot(let sequence):
            snapshotAsked = false
            // What the journal holds after the snapshot is read at once: nothing live may reveal it soon.
            let ready = actions(sequencer.snapshot(at: sequence))
            return ready.contains(where: Self.isFetch) ? ready : ready + Self.fetch(sequencer.catchUp())
        case .fetchFailed:
            snapshotAsked = false
            sequencer.fetchFailed()
            return []
        case .tick:
            quietTicks += 1
            if sequencer.last == nil, !snapshotAsked { return start() }
            guard quietTicks >= Self.silenceTicks else { return [] }
            quietTicks = 0
            return [.resubscribe] + catchUp()
        case .streamEnded:
            quietTicks = 0
            return [.resubscribe] + catchUp()
        case .deliveryFailed:
            guard sequencer.last != nil else { return [] }
            return Self.fetch(sequencer.resync())
        }
    }

    private mutating func catchUp() -> [Action] {
        guard sequencer.last != nil else { return snapshotAsked ? [] : start() }
        return Self.fetch(sequencer.catchUp())
    }

    private func actions(_ result: (events: [Event], need: EventSequencer.Need?)) -> [Action] {
        result.events.map(Action.deliver) + Self.fetch(result.need)
    }

    private static func isFetch(_ action: Action) -> Bool {
        switch action {
        case .fetchEvents, .fetchSnapshot: true
        case .deliver, .resubscribe: false
        }
    }

    private static func fetch(_ need: EventSequencer.Need?) -> [Action] {
        switch need {
        case .events(let after): [.fetchEvents(after: after)]
        case .snapshot: [.fetchSnapshot]
        case nil: []
        }
    }
}
