/// Which connections have taken too long to send their request: the head within `head` of its first
/// byte, the body within `body` of the head. Pure bookkeeping; `DeadlineSweeper` feeds it libmicrohttpd's
/// notifications and shuts the sockets it names.
///
/// The clock of a request starts at its first byte, not when the connection opens or the previous
/// response ends: a connection that sends nothing is the idle timeout's, so an idle keep-alive connection
/// keeps the idle timeout it always had. The first byte is the first data the kernel saw arrive after
/// the connection began waiting (`overdue`'s `lastReceived`, looked at each sweep); bytes that came
/// before it was accepted start the clock only once another one follows, and a client that then sends
/// nothing more is the idle timeout's again. Once the whole request is in, nothing is timed here, however long
/// the handler takes or the response (an event stream) lasts; the next request on the connection starts
/// a new clock.
struct RequestDeadlines {
    typealias Instant = ContinuousClock.Instant

    enum Phase: Equatable {
        /// Between requests (or before the first) since the instant: no byte of a request seen yet.
        case waiting(since: Instant)
        /// Receiving the head or the body; past the instant the connection is overdue.
        case receiving(until: Instant)
        /// The request is in: answering it, however long that takes.
        case answering
        /// Already shut for being overdue; only its close is awaited.
        case shut
    }

    struct Entry: Equatable {
        let socket: Int32
        var phase: Phase
    }

    /// How much later than the start of waiting data must have arrived to count as a request's first
    /// byte: the kernel keeps the time of the last data in jiffies (a few milliseconds), and sets it when
    /// the handshake completes, just before the connection is accepted.
    static let tolerance = Duration.milliseconds(50)

    let head: Duration
    let body: Duration
    private(set) var entries: [Int: Entry] = [:]

    init(head: Duration, body: Duration) {
        self.head = head
        self.body = body
    }

    /// A connection was accepted.
    mutating func opened(_ connection: Int, socket: Int32, at now: Instant) {
        entries[connection] = Entry(socket: socket, phase: .waiting(since: now))
    }

    /// Its request head is complete (the handler's first call): the body's clock starts.
    mutating func headReceived(_ connection: Int, at now: Instant) {
        let deadline = now + body
        update(connection) { $0 = .receiving(until: deadline) }
    }

    /// Its whole request is in (the handler's last call).
    mutating func requestReceived(_ connection: Int) {
        update(connection) { $0 = .answering }
    }

    /// Its response is done (or abandoned): it waits for the next request.
    mutating func completed(_ connection: Int, at now: Instant) {
        update(connection) { $0 = .waiting(since: now) }
    }

    /// It is gone; its socket may be reused from now on, so it is forgotten first.
    mutating func closed(_ connection: Int) {
        entries[connection] = nil
    }

    /// The sockets overdue at `now`, each marked shut so it is named once. `lastReceived` says when data
    /// last arrived on a socket; data after a connection began waiting is a request's first byte.
    mutating func overdue(at now: Instant, lastReceived: (Int32) -> Instant?) -> [Int32] {
        var due: [Int32] = []
        for (connection, entry) in entries {
            switch entry.phase {
            case .waiting(let since):
                if let received = lastReceived(entry.socket), received > since + Self.tolerance {
                    entries[connection]?.phase = .receiving(until: received + head)
                }
            case .receiving(let until) where until <= now:
                entries[connection]?.phase = .shut
                due.append(entry.socket)
            case .receiving, .answering, .shut:
                break
            }
        }
        return due
    }

    private mutating func update(_ connection: Int, _ change: (inout Phase) -> Void) {
        guard var entry = entries[connection], entry.phase != .shut else { return }
        change(&entry.phase)
        entries[connection] = entry
    }
}
