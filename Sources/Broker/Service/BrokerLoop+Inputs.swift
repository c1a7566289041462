import Foundation
import Journal
import Log
import Presentation
import Primitives
import Wire
import ZeroMQ

extension BrokerLoop {
    /// Decodes a client's frames, checks them against its key's role and feeds them to the state machine.
    ///
    /// Garbage and requests the key may not make get an error reply and change nothing.
    func client(_ peer: PeerID, _ frames: [Data], userID: String?) throws -> [BrokerEffect] {
        var request: ClientRequest
        let correlation: String
        do {
            (request, correlation) = try Frames.decode(frames, as: ClientRequest.self)
        } catch {
            log.warning("refused a client message: \(error.message)")
            let correlation = frames.count == 4 ? String(decoding: frames[2], as: UTF8.self) : ""
            return [.reply(to: peer, correlation: correlation, .error(error))]
        }
        if let gate {
            do {
                request = try gate.authorize(request, userID: userID)
            } catch {
                return [.reply(to: peer, correlation: correlation, .error(error))]
            }
        }
        var existing: Job?
        if case .submit(let submit) = request {
            do {
                try validate(submit.operation, submit.input)
            } catch {
                return [.reply(to: peer, correlation: correlation, .error(error))]
            }
            if let key = submit.idempotencyKey { existing = try journal.job(idempotencyKey: key) }
        }
        return state.receive(client: peer, correlation: correlation, request, existing: existing, now: Date(), newID: Identifier.make("job"))
    }

    /// Decodes a worker's frames and feeds them to the state machine; garbage, or a key that lost its worker role, gets a refusal.
    func worker(_ peer: PeerID, _ frames: [Data], userID: String?) throws -> [BrokerEffect] {
        if let gate, !gate.isWorker(userID) {
            return [.send(to: peer, correlation: "", .refused(WireError(.forbidden, "this connection's key is no longer a worker key")))]
        }
        do {
            let (message, correlation) = try Frames.decode(frames, as: WorkerMessage.self)
            return state.receive(worker: peer, correlation: correlation, message, now: Date(), newID: Identifier.make("prs"))
        } catch {
            log.warning("refused a worker message: \(error.message)")
            return [.send(to: peer, correlation: "", .refused(error))]
        }
    }
}
