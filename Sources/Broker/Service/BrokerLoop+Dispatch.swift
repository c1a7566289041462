import Foundation
import JSON
import Journal
import Log
import Presentation
import Wire
import ZeroMQ

extension BrokerLoop {
    /// Sends one message of a committed turn to a worker. Jobs handed out together go in as few messages
    /// as `maxMessageBytes` allows, in order; a job whose dispatch alone would be over it fails (its failure
    /// added to `followUps`) instead of being handed out again and again.
    func deliver(_ send: WorkerSend, followUps: inout [BrokerEffect]) {
        switch send {
        case .command(let peer, let correlation, let command):
            let frames = Frames.encode(command, correlation: correlation)
            guard fits(frames) else {
                log.error("did not send \(command.type) to a worker: \(frames[3].count) bytes is over maxMessageBytes")
                return
            }
            self.send(workers, to: peer, frames)
        case .dispatch(let peer, let jobs):
            var bodies: [Data] = []
            var bytes = 0
            for job in jobs {
                guard let body = dispatchBody(job, followUps: &followUps) else { continue }
                if !bodies.isEmpty, BrokerCommand.Dispatches.size(bytes: bytes + body.count, count: bodies.count + 1) > limits.maxMessageBytes {
                    sendDispatches(bodies, to: peer)
                    (bodies, bytes) = ([], 0)
                }
                bodies.append(body)
                bytes += body.count
            }
            if !bodies.isEmpty { sendDispatches(bodies, to: peer) }
        }
    }

    /// The body of the job's `dispatch` with its recorded history, or nil when the job cannot be handed
    /// out: its history cannot be read (it is set aside) or its dispatch is too large (it fails).
    private func dispatchBody(_ job: Job, followUps: inout [BrokerEffect]) -> Data? {
        // A first attempt has no steps or answers yet: no read (a round trip on PostgreSQL).
        let history: History
        do {
            history = job.attempts <= 1 ? History() : try journal.history(of: job.id)
        } catch let error as JournalError {
            log.error("job \(job.id) set aside: \(error)")
            state.quarantine(job.id, reason: error.description)
            return nil
        } catch {
            return nil
        }
        let dispatch = BrokerCommand.Dispatch(job: job.id, attempt: job.attempts, operation: job.operation, input: job.input, history: history)
        let body = (try? JSONWriter.encode(dispatch)) ?? Data()
        guard !body.isEmpty, body.count <= limits.maxMessageBytes else {
            let error = Job.Failure(
                code: WireError.Code.tooLarge.rawValue,
                message:
                    "the dispatch of job \(job.id) (its input and recorded history) is \(body.count) bytes, over maxMessageBytes (\(limits.maxMessageBytes))"
            )
            log.error(error.message)
            followUps += state.undeliverable(job.id, attempt: job.attempts, error: error, now: Date())
            return nil
        }
        return body
    }

    /// One `dispatch`, or one `dispatches` holding several.
    private func sendDispatches(_ bodies: [Data], to peer: PeerID) {
        let type = bodies.count == 1 ? "dispatch" : "dispatches"
        let body = bodies.count == 1 ? bodies[0] : BrokerCommand.Dispatches.body(bodies)
        send(workers, to: peer, [Data(Frames.version.utf8), Data(type.utf8), Data(), body])
    }
}
