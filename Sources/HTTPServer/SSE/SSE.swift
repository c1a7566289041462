public import Foundation

/// Server-Sent Events framing: events, the heartbeat comment, and the response headers.
public enum SSE {
    /// A comment line that keeps idle connections (and proxies in between) open; clients ignore it.
    public static let heartbeat = Data(": ping\n\n".utf8)

    /// The headers an event-stream response needs.
    public static let headers: HTTPHeaders = [
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        "X-Accel-Buffering": "no",
    ]

    /// One event: optional `id:` and `event:` lines, a `data:` line per line of `data`, and a blank line.
    public static func event(id: String? = nil, event: String? = nil, data: String) -> Data {
        self.event(id: id, event: event, bytes: Array(data.utf8))
    }

    /// One event whose data is UTF-8 bytes (JSON as written, or as it arrived, passed through without becoming a
    /// `String`): a `data:` line per line, split on CRLF, CR and LF (bytes that never occur inside a multi-byte
    /// character).
    public static func event(id: String? = nil, event: String? = nil, bytes data: some ContiguousBytes) -> Data {
        data.withUnsafeBytes { data in
            var text: [UInt8] = []
            text.reserveCapacity(data.count + 64)
            if let id { field("id: ", id, to: &text) }
            if let event { field("event: ", event, to: &text) }
            text.append(contentsOf: "data: ".utf8)
            var start = 0
            var index = 0
            while index < data.count {
                let byte = data[index]
                guard byte == newline || byte == carriageReturn else {
                    index += 1
                    continue
                }
                text.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[start..<index]))
                text.append(newline)
                text.append(contentsOf: "data: ".utf8)
                index += byte == carriageReturn && index + 1 < data.count && data[index + 1] == newline ? 2 : 1
                start = index
            }
            text.append(contentsOf: UnsafeRawBufferPointer(rebasing: data[start...]))
            text.append(newline)
            text.append(newline)
            return Data(text)
        }
    }

    /// A streamed `text/event-stream` response fed by `producer` (typically `event` and `heartbeat` chunks).
    public static func response(_ producer: AsyncStream<Data>) -> HTTPResponse {
        .stream(headers: headers, producer: producer)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Appends `name`, `value` on one line and a line break.
    private static func field(_ name: String, _ value: String, to text: inout [UInt8]) {
        text.append(contentsOf: name.utf8)
        text.append(contentsOf: singleLine(value).utf8)
        text.append(newline)
    }

    /// A field other than data cannot span lines; a line break would start a new field.
    private static func singleLine(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" })
    }
}
