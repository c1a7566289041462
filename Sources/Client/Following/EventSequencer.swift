public import Wire

/// Puts the live event stream in sequence order against snapshots and catch-up pages (ZeroMQ's Clone
/// pattern): events up to the snapshot's sequence are already in it, later ones are applied exactly
/// once and in order, and a jump in the sequence (seen on an event, a heartbeat or a page) asks for
/// the missing ones.
public struct EventSequencer: Sendable, Hashable {
    /// What the sequencer needs before it can go on.
    public enum Need: Sendable, Hashable {
        /// The journaled events after this sequence.
        case events(after: Int64)
        /// A new snapshot: the broker's history cannot fill the hole.
        case snapshot
    }

    /// The newest sequence applied; `nil` until the first snapshot.
    public private(set) var last: Int64?
    /// The newest sequence the broker has mentioned (events, heartbeats, pages).
    public private(set) var known: Int64 = 0
    /// Whether a fetch is outstanding; no second one is asked for meanwhile.
    public private(set) var fetching = false
    /// Whether a snapshot was asked for: until it comes every event is held, since it may be older than `last`.
    public private(set) var awaitingSnapshot = false
    /// Events ahead of `last + 1` (or all, while awaiting a snapshot), by sequence.
    private var held: [Int64: Event] = [:]

    /// A sequencer that holds every event until the first snapshot.
    public init() {}

    /// A snapshot reflecting `sequence` arrived: drops what it covers, returns the held events after it.
    public mutating func snapshot(at sequence: Int64) -> (events: [Event], need: Need?) {
        last = sequence
        fetching = false
        awaitingSnapshot = false
        held = held.filter { $0.key > sequence }
        return drain()
    }

    /// A live event (or heartbeat) arrived: returns the events now in order and whether some are missing.
    public mutating func receive(_ event: Event) -> (events: [Event], need: Need?) {
        known = max(known, event.sequence)
        if event.type == .heartbeat {
            // A beat older than what we applied: the broker may have lost its history; a page will tell.
            if let last, event.sequence < last, !fetching, !awaitingSnapshot {
                fetching = true
                return ([], .events(after: last))
            }
        } else if awaitingSnapshot || last.map({ event.sequence > $0 }) ?? true {
            held[event.sequence] = event
        }
        return drain()
    }

    /// A catch-up page arrived: returns the events now in order, and what is still missing.
    public mutating func receive(_ page: BrokerReply.EventPage) -> (events: [Event], need: Need?) {
        guard let before = last, !awaitingSnapshot else { return ([], nil) }
        fetching = false
        if page.last < before { return needSnapshot() }
        // The events after ours were pruned (retention): only a snapshot can help.
        if let pruned = page.prunedThrough, pruned > before { return needSnapshot() }
        known = max(known, page.last)
        for event in page.events where event.type != .heartbeat && event.sequence > before {
            held[event.sequence] = event
        }
        let result = drain()
        guard result.events.isEmpty, page.last > before, result.need != nil else { return result }
        // The broker has newer events but the page brought none that fill the hole: only a snapshot can.
        return needSnapshot()
    }

    /// The last fetch failed; the next gap, heartbeat or `catchUp()` asks again.
    public mutating func fetchFailed() {
        fetching = false
    }

    /// What was delivered could not be taken (the consumer failed): everything after the next snapshot
    /// comes again, and events are held until it does.
    public mutating func resync() -> Need {
        needSnapshot().need ?? .snapshot
    }

    /// Asks for the events after `last` (after a silence or a reconnect), or for the snapshot still
    /// awaited, unless a fetch is outstanding.
    public mutating func catchUp() -> Need? {
        guard let last, !fetching else { return nil }
        fetching = true
        return awaitingSnapshot ? .snapshot : .events(after: last)
    }

    private mutating func needSnapshot() -> (events: [Event], need: Need?) {
        fetching = true
        awaitingSnapshot = true
        return ([], .snapshot)
    }

    private mutating func drain() -> (events: [Event], need: Need?) {
        guard !awaitingSnapshot, var current = last else { return ([], nil) }
        var ready: [Event] = []
        while let next = held.removeValue(forKey: current + 1) {
            ready.append(next)
            current += 1
        }
        last = current
        known = max(known, current)
        guard known > current, !fetching else { return (ready, nil) }
        fetching = true
        return (ready, .events(after: current))
    }
}
