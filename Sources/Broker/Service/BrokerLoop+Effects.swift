import Log
import Foundation
import Journal
import Presentation
import Wire
import ZeroMQ

extension BrokerLoop {
    /// Commits the turn's changes, then performs every other effect in order.
    func perform(_ effects: [BrokerEffect]) throws {
        let changes = effects.compactMap { effect -> JournalChange? in
            if case .persist(let change) = effect { return change }
            return nil
        }
        try journal.apply(changes)
        for effect in effects {
            switch effect {
            case .persist(.appendEvent(let event)), .publish(let event):
                _ = try? events.send(event.frames)
            case .persist:
                break
            case .reply(let peer, let correlation, let reply):
                send(clients, to: peer, Frames.encode(reply, correlation: correlation))
            case .query(let peer, let correlation, let request):
                send(clients, to: peer, Frames.encode(answer(request), correlation: correlation))
            case .send(let peer, let correlation, let command):
                send(workers, to: peer, Frames.encode(command, correlation: correlation))
            case .dispatch(let peer, let job):
                let history = try journal.history(of: job.id)
                let dispatch = BrokerCommand.Dispatch(job: job.id, attempt: job.attempts, operation: job.operation, input: job.input, history: history)
                send(workers, to: peer, Frames.encode(BrokerCommand.dispatch(dispatch)))
            }
        }
    }

    private func send(_ socket: Socket, to peer: PeerID, _ frames: [Data]) {
        do {
            if try !socket.send([peer] + frames) { log.warning("dropped a message: the peer's queue is full") }
        } catch {
            log.debug("could not reach a peer: \(error)")
        }
    }

    /// Answers what the state machine left to the journal: old jobs, listings, history, events.
    func answer(_ request: ClientRequest) -> BrokerReply {
        do {
            switch request {
            case .status(let ref):
                guard let job = try journal.job(ref.job) else { return .error(WireError(.notFound, "no job \(ref.job)")) }
                return .job(job)
            case .jobs(let list):
                let limit = min(max(list.limit ?? 50, 1), 500)
                return .jobs(try journal.jobs(state: list.state, limit: limit, before: list.before))
            case .presentation(let ref):
                guard let found = try journal.presentation(ref.id) else { return .error(WireError(.notFound, "no presentation \(ref.id)")) }
                return .presentation(found)
            case .answer(let answer):
                guard let found = try journal.presentation(answer.presentation) else {
                    return .error(WireError(.notFound, "no presentation \(answer.presentation)"))
                }
                guard let resolution = found.resolution else { return .error(WireError(.stale, "presentation \(answer.presentation) is not pending")) }
                return .error(WireError(SlotRefusal.alreadyResolved(resolution)))
            case .cancel(let ref):
                guard let job = try journal.job(ref.job) else { return .error(WireError(.notFound, "no job \(ref.job)")) }
                return .error(WireError(.notCancellable, "job \(ref.job) has already \(job.state.rawValue)"))
            case .events(let since):
                let limit = min(max(since.limit ?? 500, 1), 5_000)
                return .events(BrokerReply.EventPage(events: try journal.events(after: since.after, limit: limit), last: state.lastSequence))
            case .stats:
                return .stats(BrokerReply.Stats(
                    jobs: try journal.countsByState(), pending: state.pending.count, workers: state.workerCount, sequence: state.lastSequence))
            case .submit, .pending:
                return .error(WireError(.internal, "\(request.type) is answered by the state machine"))
            }
        } catch {
            log.error("journal read failed: \(error)")
            return .error(WireError(.internal, "the journal could not be read"))
        }
    }
}
