import Presentation
public import Wire

/// The resolver's pure core: it takes the pending snapshot, the events after it (in order, each once,
/// as an `EventFollower` delivers them) and answer replies, and says what to show, close or announce.
/// No sockets, threads or clocks.
///
/// One presentation is shown at a time, oldest first (`showNext`); a shown one stays shown until it
/// is answered or ends. A new snapshot (after the journal could not fill a gap) replaces the pending set.
public struct ResolverSession: Sendable {
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
    /// After our answer took effect while others waited: where its job's next question goes if it asks
    /// one at once (as Try Again does), so the person keeps their place; until then nothing else is shown.
    public internal(set) var holding: Place?
    /// Where the question we are answering stood when an event ended it before the broker's reply came.
    var answeredIndex: Int?

    /// How long a live resolver keeps an answered question's place for its job's next question.
    public static let placeKept: Duration = .milliseconds(1_500)

    /// The place in the queue of a question just answered, kept for its job's next one.
    public struct Place: Sendable, Hashable {
        /// The job whose next question takes the place.
        public let job: String
        /// Where the answered question stood among the pending ones.
        public let index: Int
    }

    /// A session; `once` limits it to what the first snapshot lists.
    public init(once: Bool = false) {
        self.once = once
    }

    /// Applies a snapshot: the first, or a new one that replaces what was pending.
    public mutating func start(_ snapshot: BrokerReply.PendingSnapshot) -> [SessionAction] {
        let listed = snapshot.presentations.map {
            PendingEntry($0, operation: snapshot.operations[$0.job], approvals: snapshot.approvals[$0.id] ?? [])
        }
        if !started, once { scope = Set(listed.map(\.id)) }
        started = true
        let ids = Set(listed.map(\.id))
        var actions: [SessionAction] = []
        for entry in pending.entries where !ids.contains(entry.id) {
            actions += close(entry.id, resolution: nil)
        }
        for entry in listed.sorted(by: { $0.presentation.createdAt < $1.presentation.createdAt }) {
            // One still pending keeps its place; the snapshot brings its approvals up to date.
            actions += pending.contains(entry.id) ? update(entry) : add(entry)
        }
        return actions
    }

    /// Applies the next event after the snapshot: a new question is added, a resolved one closed, an
    /// approval recorded.
    public mutating func receive(_ event: Event) -> [SessionAction] {
        apply(event)
    }

    /// With `once`: everything the first snapshot listed is answered, closed or set aside.
    public var isFinished: Bool {
        once && started && shown == nil && answering == nil && holding == nil && pending.entries.allSatisfy { setAside.contains($0.id) }
    }

    /// Stops keeping a place for `job`'s next question (it did not come soon): the next one in age order is shown.
    public mutating func letGo(_ job: String) {
        if holding?.job == job { holding = nil }
    }

    /// How many presentations wait behind the shown one (set-aside ones not counted).
    public var waiting: Int {
        pending.entries.filter { !setAside.contains($0.id) && $0.id != shown?.id }.count
    }
}
