public import Foundation
public import Wire

/// One message a committed turn sends to a worker: a command, or the jobs handed to it together.
public enum WorkerSend: Sendable, Hashable {
    /// Tell a worker something.
    case command(to: PeerID, correlation: String, BrokerCommand)
    /// Hand these jobs to a worker, in this order: one message (`dispatches`) when there are several, a
    /// `dispatch` when there is one; the loop adds each job's recorded history from the journal.
    case dispatch(to: PeerID, jobs: [Job])
}

extension BrokerState {
    /// The turn's messages to workers, each worker's in the turn's order: the dispatches a turn has for a
    /// worker that reads `dispatches` go in one message, until anything else goes to that worker (a
    /// `forget` or a `resume` keeps its place before the dispatches that follow it). A worker that does
    /// not read them (one of an older version) gets one `dispatch` a job, as before.
    public func workerSends(_ effects: some Sequence<BrokerEffect>) -> [WorkerSend] {
        var sends: [WorkerSend] = []
        // Where the message still taking dispatches for each worker is in `sends`, and the jobs it takes.
        var open: [PeerID: Int] = [:]
        var gathered: [Int: (peer: PeerID, jobs: [Job])] = [:]
        for effect in effects {
            switch effect {
            case .send(let peer, let correlation, let command):
                open[peer] = nil
                sends.append(.command(to: peer, correlation: correlation, command))
            case .dispatch(let peer, let job):
                if let index = open[peer] {
                    gathered[index]?.jobs.append(job)
                    continue
                }
                if workers[peer]?.batches == true {
                    open[peer] = sends.count
                    gathered[sends.count] = (peer, [job])
                }
                sends.append(.dispatch(to: peer, jobs: [job]))
            case .persist, .reply, .query, .publish, .log:
                continue
            }
        }
        for (index, message) in gathered where message.jobs.count > 1 { sends[index] = .dispatch(to: message.peer, jobs: message.jobs) }
        return sends
    }
}
