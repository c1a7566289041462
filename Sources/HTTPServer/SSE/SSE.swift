import Foundation

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
        var text = ""
        if let id { text += "id: \(singleLine(id))\n" }
        if let event { text += "event: \(singleLine(event))\n" }
        for line in lines(data) {
            text += "data: \(line)\n"
        }
        return Data((text + "\n").utf8)
    }

    /// A streamed `text/event-stream` response fed by `producer` (typically `event` and `heartbeat` chunks).
    public static func response(_ producer: AsyncStream<Data>) -> HTTPResponse {
        .stream(headers: headers, producer: producer)
    }

    /// Splits on every line ending SSE recognises: CRLF, CR and LF.
    private static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var afterCR = false
        for scalar in text.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\n", afterCR { continue }
            if scalar == "\n" || scalar == "\r" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        lines.append(String(current))
        return lines
    }

    /// A field other than data cannot span lines; a line break would start a new field.
    private static func singleLine(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" })
    }
}
