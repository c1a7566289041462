import Foundation
import Journal
import Log
import Presentation
import Wire

extension BrokerLoop {
    /// The turn's commit failed because the disk is full: nothing of it happened. Its clients hear
    /// `storageFull`, the state is read back from the journal (as after a restart: workers announce
    /// themselves again and unfinished work is replayed), and the broker refuses writes until there is room.
    func storageFilled(_ effects: [BrokerEffect], error: any Error) throws {
        log.error("the journal's disk is full (\(error)); refusing new work until there is room, serving reads")
        let refusal = BrokerReply.error(Self.storageFullError)
        for effect in effects {
            switch effect {
            case .reply(let peer, let correlation, _), .query(let peer, let correlation, _):
                send(clients, to: peer, Frames.encode(refusal, correlation: correlation))
            case .persist, .send, .dispatch, .publish, .log:
                break
            }
        }
        try recover()
        state.paused = true
        storageFull = true
        nextProbe = Date().addingTimeInterval(Self.probeInterval)
    }

    /// Checks for room again; once there is, the broker takes work again by itself.
    func probeStorage(now: Date) throws -> [BrokerEffect] {
        nextProbe = now.addingTimeInterval(Self.probeInterval)
        guard try journal.hasRoom(headroom: 2 * limits.maxMessageBytes + (1 << 20)) else { return [] }
        storageFull = false
        log.info("the journal's disk has room again; taking new work")
        return state.resume(now: now)
    }

    static let storageFullError = WireError(
        .storageFull, "the journal's disk is full: the broker takes no new work until space is freed (reads still work)")
    static let probeInterval: TimeInterval = 1
}
