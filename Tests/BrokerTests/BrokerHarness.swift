import Broker
import Foundation
import JSON
import Journal
import Presentation
import Wire

/// Drives a `BrokerState` through inputs at a controlled clock, numbering ids like the loop would.
struct BrokerHarness {
    var state: BrokerState
    var now = Date(timeIntervalSince1970: 1_800_000_000)
    private var counter = 0
    let client = Data("client".utf8)

    /// The operations the journal knows at start, as if workers had announced them before.
    static let known = ["removeDownload", "noop", "exportProject"].map {
        RecordedAnnouncement(
            announcement: OperationAnnouncement(name: $0, summary: "", input: nil), worker: "earlier",
            firstAt: Date(timeIntervalSince1970: 1_700_000_000), lastAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    init(
        settings: BrokerState.Settings = .init(heartbeatInterval: 1, liveness: 3), recovering: [(Job, PresentationSlot)] = [],
        announcements: [RecordedAnnouncement] = known
    ) {
        state = BrokerState(settings: settings, recovering: recovering, announcements: announcements)
    }

    static func worker(_ name: String) -> PeerID { Data(name.utf8) }

    mutating func nextID(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)-\(counter)"
    }

    mutating func client(_ request: ClientRequest, existing: (job: Job, digest: String)? = nil) -> [BrokerEffect] {
        let id = nextID("job")
        return state.receive(client: client, correlation: "c", request, existing: existing, now: now, newID: id)
    }

    mutating func worker(_ name: String, _ message: WorkerMessage, correlation: String = "w") -> [BrokerEffect] {
        let id = nextID("prs")
        return state.receive(worker: Self.worker(name), key: name, correlation: correlation, message, now: now, newID: id)
    }

    mutating func ready(
        _ name: String, capacity: Int = 1, operations: [String] = ["removeDownload", "noop"], batches: Bool? = nil
    ) -> [BrokerEffect] {
        announce(name, capacity: capacity, operations.map { OperationAnnouncement(name: $0, summary: "", input: nil) }, batches: batches)
    }

    mutating func announce(_ name: String, capacity: Int = 1, _ announcements: [OperationAnnouncement], batches: Bool? = nil) -> [BrokerEffect] {
        worker(name, .ready(.init(name: name, operations: announcements, capacity: capacity, batches: batches)))
    }

    mutating func submit(_ operation: String, input: RawJSON) -> BrokerReply? {
        Self.replies(client(.submit(.init(operation: operation, input: input)))).first
    }

    mutating func submit(_ operation: String = "removeDownload", key: String? = nil, input: RawJSON = .object([:])) -> (Job, [BrokerEffect]) {
        let effects = client(.submit(.init(operation: operation, input: input, idempotencyKey: key)))
        return (Self.replies(effects).compactMap { if case .job(let job) = $0 { job } else { nil } }.first!, effects)
    }

    mutating func advance(_ seconds: TimeInterval) -> [BrokerEffect] {
        now = now.addingTimeInterval(seconds)
        return state.tick(now: now)
    }

    static let removeDraft = Presentation.Draft.confirmationDialog(
        "Remove download", titleVisibility: .visible, actions: [Action(id: "remove", label: "Remove", role: .destructive)])

    static func replies(_ effects: [BrokerEffect]) -> [BrokerReply] {
        effects.compactMap { if case .reply(_, _, let reply) = $0 { reply } else { nil } }
    }

    static func dispatches(_ effects: [BrokerEffect]) -> [(PeerID, Job)] {
        effects.compactMap { if case .dispatch(let worker, let job) = $0 { (worker, job) } else { nil } }
    }

    static func commands(_ effects: [BrokerEffect], to worker: String) -> [BrokerCommand] {
        effects.compactMap { if case .send(let peer, _, let command) = $0, peer == Self.worker(worker) { command } else { nil } }
    }

    static func events(_ effects: [BrokerEffect]) -> [Event] {
        effects.compactMap { if case .persist(.appendEvent(let event)) = $0 { event } else { nil } }
    }

    static func changes(_ effects: [BrokerEffect]) -> [JournalChange] {
        effects.compactMap { if case .persist(let change) = $0 { change } else { nil } }
    }

    static func presented(_ effects: [BrokerEffect], to worker: String) -> Presentation? {
        commands(effects, to: worker).compactMap { if case .presented(let presentation) = $0 { presentation } else { nil } }.first
    }
}
