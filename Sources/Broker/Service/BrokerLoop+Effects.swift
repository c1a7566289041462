import Foundation
import JSON
import Journal
import Log
import Presentation
import Wire
import ZeroMQ

extension BrokerLoop {
    /// Commits the turn's changes, then sends what goes to workers, performs every other effect and writes the
    /// log's lines, each in the turn's order (`performingOrder`). Nothing sent may be over `maxMessageBytes`: a reply that would be gets
    /// `tooLarge`, a dispatch that would be fails its job.
    func perform(_ effects: [BrokerEffect]) throws {
        let (changes, encoded) = Self.turnChanges(effects)
        do {
            try journal.apply(changes)
        } catch let error where Journal.isFull(error) {
            return try storageFilled(effects, error: error)
        }
        var followUps: [BrokerEffect] = []
        // Workers first, each in the turn's order, a worker's dispatches together (`workerSends`).
        for send in state.workerSends(effects) { deliver(send, followUps: &followUps) }
        for effect in Self.performingOrder(effects) { try perform(effect, encoded: encoded, followUps: &followUps) }
        // The log's lines last, in the turn's order, all in one write.
        log.write(effects.compactMap { if case .log(let level, let line, let subject) = $0 { (level, line, subject) } else { nil } })
        if !followUps.isEmpty { try perform(followUps) }
    }

    /// A committed turn's effects in the order they are performed. Workers first: a dispatch or a resume is on
    /// the way to a job's end, a reply or an event is not; the log's lines (a write each) last, once every
    /// message is on its way. Each socket still gets its messages, and the log its lines, in the turn's order.
    /// Lazy: a turn walks its effects once per order and copies none of them into a new array.
    static func performingOrder(_ effects: [BrokerEffect]) -> some Sequence<BrokerEffect> {
        BrokerEffect.Order.allCases.lazy.flatMap { order in effects.lazy.filter { $0.order == order } }
    }

    /// Performs one effect of a committed turn other than a message to a worker.
    private func perform(_ effect: BrokerEffect, encoded: [Int64: Data], followUps: inout [BrokerEffect]) throws {
        switch effect {
        case .persist(.appendEvent(let event)):
            publish(event, json: encoded[event.sequence])
        case .publish(let event):
            publish(event)
        case .persist:
            break
        case .log:
            // Written together once the turn's other effects are performed.
            break
        case .reply(let peer, let correlation, let reply):
            send(clients, to: peer, checked(reply, correlation: correlation))
        case .query(let peer, let correlation, let request):
            send(clients, to: peer, checked(answer(request), correlation: correlation))
        case .send, .dispatch:
            // Sent already, by `deliver`.
            break
        }
    }

    /// Whether a message's body is within `maxMessageBytes`.
    func fits(_ frames: [Data]) -> Bool { frames[3].count <= limits.maxMessageBytes }

    /// The reply's frames, or a `tooLarge` error's when the reply would be over the limit.
    private func checked(_ reply: BrokerReply, correlation: String) -> [Data] {
        let frames = Frames.encode(reply, correlation: correlation)
        if fits(frames) { return frames }
        let error = WireError(.tooLarge, "the \(reply.type) reply is \(frames[3].count) bytes, over maxMessageBytes (\(limits.maxMessageBytes))")
        log.warning(error.message)
        return Frames.encode(BrokerReply.error(error), correlation: correlation)
    }

    /// The turn's journal changes, each written once: an event is encoded once for the journal and for
    /// PUB (its JSON returned by sequence), and a job saved several times in the turn is written once, as
    /// it was last saved, in the place of its first save (with the first idempotency key given).
    static func turnChanges(_ effects: [BrokerEffect]) -> (changes: [JournalChange], events: [Int64: Data]) {
        var changes: [JournalChange] = []
        var events: [Int64: Data] = [:]
        var saved: [String: (index: Int, key: Idempotency?)] = [:]
        for case .persist(let change) in effects {
            switch change {
            case .appendEvent(let event):
                guard let json = try? JSONWriter.encode(event) else {
                    changes.append(change)
                    continue
                }
                events[event.sequence] = json
                changes.append(.appendEncodedEvent(event, json: json))
            case .dispatch(let job, _):
                // Its row may be saved here (`JournalChange.dispatch`): a later save of the job goes after it.
                saved[job.id] = nil
                changes.append(change)
            case .saveJob(let job, let key):
                if let first = saved[job.id] {
                    let kept = first.key ?? key
                    changes[first.index] = .saveJob(job, idempotency: kept)
                    saved[job.id] = (first.index, kept)
                } else {
                    saved[job.id] = (changes.count, key)
                    changes.append(change)
                }
            default:
                changes.append(change)
            }
        }
        return (changes, events)
    }

    /// Publishes an event (as `json` when the journal's encoding is at hand); one too large for a message
    /// (journaled before sizes were limited) goes out trimmed.
    private func publish(_ event: Event, json: Data? = nil) {
        var frames = json.map { [Data(event.type.rawValue.utf8), $0] } ?? event.frames
        if frames[1].count > limits.maxMessageBytes { frames = event.trimmed().frames }
        _ = try? events.send(frames)
    }

    func send(_ socket: Socket, to peer: PeerID, _ frames: [Data]) {
        do {
            if try !socket.send([peer] + frames) { log.warning("dropped a message: the peer's queue is full") }
        } catch {
            log.debug("could not reach a peer: \(error)")
        }
    }

    /// Answers what the state machine left to the journal: old jobs, listings, history, events.
    func answer(_ query: JournalQuery) -> BrokerReply {
        do {
            switch query {
            case .status(let ref):
                if let set = state.quarantined.first(where: { $0.job == ref.job }) {
                    return .error(WireError(.quarantined, "job \(ref.job) is quarantined: \(set.reason); the broker runs without it"))
                }
                // A job that has not ended as the broker knows it: its row is not rewritten at a dispatch.
                guard let job = try state.activeJob(ref.job) ?? journal.job(ref.job) else { return .error(WireError(.notFound, "no job \(ref.job)")) }
                guard ref.history == true else { return .job(job) }
                return .jobWithHistory(.init(job: job, history: try historyPage(.init(job: ref.job), besides: job)))
            case .jobs(let list):
                return .jobs(try jobPage(list))
            case .presentation(let ref):
                guard let found = try journal.presentation(ref.id) else { return .error(WireError(.notFound, "no presentation \(ref.id)")) }
                return .presentation(found)
            case .answer(let answer):
                guard let found = try journal.presentation(answer.presentation) else {
                    return .error(WireError(.notFound, "no presentation \(answer.presentation)"))
                }
                let refusal =
                    found.resolution.map { WireError(SlotRefusal.alreadyResolved($0)) }
                    ?? WireError(.stale, "presentation \(answer.presentation) is not pending")
                if case .log(let level, let line, let subject) = BrokerState.refusedLine(
                    answer, refusal, job: found.presentation.job, operation: found.operation)
                {
                    log.write(level, { line }, subject)
                }
                return .error(refusal)
            case .cancel(let ref):
                guard let job = try journal.job(ref.job) else { return .error(WireError(.notFound, "no job \(ref.job)")) }
                return .error(WireError(.notCancellable, "job \(ref.job) has already \(job.state.rawValue)"))
            case .history(let query):
                return .history(try historyPage(query))
            case .events(let since):
                return .events(try eventPage(since))
            case .stats:
                return .stats(
                    BrokerReply.Stats(
                        jobs: state.countsByState(journal: try journal.countsByState()), pending: state.pendingCount, workers: state.workerCount,
                        sequence: state.lastSequence,
                        storageFull: storageFull, quarantined: state.quarantined, commits: journal.commits))
            }
        } catch let error as WireError {
            return .error(error)
        } catch let error as JournalError where error.code == .unreadableRow {
            return .error(WireError(.quarantined, "the journal holds a row that cannot be read: \(error.description)"))
        } catch {
            log.error("journal read failed: \(error)")
            return .error(WireError(.internal, "the journal could not be read"))
        }
    }
}

extension BrokerEffect {
    /// When a committed turn performs an effect: messages to workers, then the others, then log lines.
    enum Order: CaseIterable {
        case toWorkers, others, log
    }

    var order: Order {
        switch self {
        case .send, .dispatch: .toWorkers
        case .persist, .publish, .reply, .query: .others
        case .log: .log
        }
    }
}
