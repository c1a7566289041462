/// One Server-Sent Event as the stream spelled it: its `id`, its `event` type and its `data` lines joined by newlines.
public struct ServerSentEvent: Sendable, Hashable {
    /// The `id:` field, the sequence to resume after; nil when the event had none.
    public var id: String?
    /// The `event:` field; `message` when the event had none.
    public var event: String
    /// The `data:` lines, joined with newlines.
    public var data: String

    /// An event of these fields.
    public init(id: String?, event: String = "message", data: String) {
        self.id = id
        self.event = event
        self.data = data
    }
}

/// The `text/event-stream` reader: bytes in as they arrive, in pieces of any size, whole events out.
///
/// Lines end with LF, CRLF or CR (a CR at the end of one piece waits for the next to know); a line starting
/// with `:` is a comment (the gateway's heartbeat); a blank line ends an event, and one without data is dropped.
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var afterCR = false
    private var id: String?
    private var event: String?
    private var data: [String] = []

    /// A parser at the start of a stream.
    public init() {}

    /// Reads `bytes` and returns the events they complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if afterCR {
                afterCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                afterCR = true
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\n"):
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// Takes the line read so far; a blank one dispatches the event it ends.
    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else { return dispatch() }
        guard line.first != UInt8(ascii: ":") else { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let name: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            name = Substring(text)
            value = ""
        }
        switch name {
        case "id": if !value.contains("\0") { id = String(value) }
        case "event": event = String(value)
        case "data": data.append(String(value))
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = nil
            data = []
        }
        guard !data.isEmpty else { return nil }
        return ServerSentEvent(id: id, event: event ?? "message", data: data.joined(separator: "\n"))
    }
}
