import Foundation
import Wire

/// How a worker's connection packs what it has ready into `batch` messages, as a value (no socket): only for a
/// broker whose `welcome` said it reads them, each within the smaller of the two sides' `maxMessageBytes`, and
/// each batch kept for a while by its correlation id, so one the broker refuses whole is sent again one message
/// at a time (each then taken, or refused, as it would be alone).
struct BatchSender: Sendable {
    /// This worker's own `maxMessageBytes`.
    let ownLimit: Int
    /// How long a sent batch is kept for a refusal: the session's silence window; a broker silent longer is left.
    let keepFor: Duration
    /// At most this many bytes of sent batches are kept, oldest let go first.
    let keepBytes: Int
    /// Whether the broker of this connection reads `batch`, as its last `welcome` said.
    private(set) var batching = false
    /// The broker's `maxMessageBytes`, from its last `welcome`; nil when it did not say.
    private(set) var brokerLimit: Int?
    private var serial = 0
    private var kept: [String: Kept] = [:]
    /// Correlation ids in the order sent; may hold ones already taken.
    private var order: [String] = []
    private var head = 0
    private var keptBytes = 0

    private struct Kept: Sendable {
        let carried: [[Data]]
        let bytes: Int
        let sent: ContinuousClock.Instant
    }

    /// The prefix of every batch's correlation id; the worker's own requests use `w`.
    static let prefix = "b"

    init(ownLimit: Int, keepFor: Duration) {
        self.ownLimit = ownLimit
        self.keepFor = keepFor
        keepBytes = 8 * ownLimit
    }

    /// The largest body a batch may have: the smaller of the two limits.
    var limit: Int { min(ownLimit, brokerLimit ?? ownLimit) }

    /// The broker welcomed this worker: what it reads and its limit.
    mutating func welcomed(_ welcome: BrokerCommand.Welcome) {
        batching = welcome.batches == true
        brokerLimit = welcome.maxMessageBytes
    }

    /// The connection was lost or the broker forgot this worker: single messages until the next `welcome`,
    /// which may come from a broker with another limit. Batches kept stay kept: a refusal may still arrive.
    mutating func lost() {
        batching = false
        brokerLimit = nil
    }

    /// The frames to send for `messages` (each a single message's frames, in posting order), batched when
    /// the broker reads batches; each batch is kept until `keepFor` has passed or `keepBytes` are kept.
    mutating func pack(_ messages: [[Data]], at now: ContinuousClock.Instant = .now) -> [[Data]] {
        guard batching, messages.count > 1 else { return messages }
        var sent: [[Data]] = []
        for message in WorkerBatch.packed(messages, maxBytes: limit) {
            guard !message.carried.isEmpty else {
                sent.append(message.frames)
                continue
            }
            serial += 1
            let correlation = Self.prefix + String(serial)
            let batch = message.correlated(correlation)
            kept[correlation] = Kept(carried: batch.carried, bytes: batch.frames[3].count, sent: now)
            order.append(correlation)
            keptBytes += batch.frames[3].count
            sent.append(batch.frames)
        }
        letGo(at: now)
        return sent
    }

    /// Whether `correlation` names a batch (kept or not): a refusal of it is the connection's, not a job's.
    static func names(_ correlation: String) -> Bool { correlation.hasPrefix(prefix) }

    /// The single messages of the batch the broker refused with this correlation id, to send again alone;
    /// nil when it is no longer kept (or never was). A refused batch changed nothing at the broker.
    mutating func refused(_ correlation: String) -> [[Data]]? {
        guard let found = kept.removeValue(forKey: correlation) else { return nil }
        keptBytes -= found.bytes
        return found.carried
    }

    /// How many batches are kept.
    var keptCount: Int { kept.count }

    /// Lets go of batches sent longer ago than `keepFor`, then the oldest while over `keepBytes`.
    private mutating func letGo(at now: ContinuousClock.Instant) {
        while head < order.count {
            guard let oldest = kept[order[head]] else {
                head += 1
                continue
            }
            guard now - oldest.sent > keepFor || keptBytes > keepBytes else { break }
            kept[order[head]] = nil
            keptBytes -= oldest.bytes
            head += 1
        }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }
}
