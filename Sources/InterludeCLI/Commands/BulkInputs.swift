import Foundation
import JSON
import Wire

/// The inputs of `interlude submit --inputs FILE`: JSON Lines, one input a line (blank lines skipped), each
/// kept with its line number for the errors that name it.
struct BulkInputs: Equatable {
    /// One input and the line it was on (counted from 1).
    struct Line: Equatable {
        let number: Int
        let input: RawJSON
    }

    let lines: [Line]

    /// Reads every line of `text`; a line that is not one JSON value (or is over `limits`) is refused
    /// naming its number, and a text without any input is refused too.
    init(_ text: String, limits: JSONLimits = .standard) throws(UsageError) {
        var lines: [Line] = []
        // "\r\n" is one Character: a line ends at either.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            do {
                lines.append(Line(number: index + 1, input: try JSONReader.read(RawJSON.self, from: String(line), limits: limits)))
            } catch {
                throw UsageError("--inputs line \(index + 1) is \(error.limit != nil ? "refused" : "not valid JSON"): \(error)")
            }
        }
        guard !lines.isEmpty else { throw UsageError("--inputs holds no input: write one JSON value a line") }
        self.lines = lines
    }

    /// The lines in batches the broker takes in one request each: at most `SubmitMany.maxItems` items, and
    /// their inputs within `limits.maxMessageBytes` with room for the request around them. An input too large
    /// for any batch goes alone, to be refused on its own.
    func batches(_ limits: MessageLimits) -> [ArraySlice<Line>] {
        let room = limits.maxMessageBytes - 4 << 10
        var batches: [ArraySlice<Line>] = []
        var start = 0
        var bytes = 0
        for (index, line) in lines.enumerated() {
            let size = line.input.bytes.count + Self.itemOverhead
            if index > start, index - start == ClientRequest.SubmitMany.maxItems || bytes + size > room {
                batches.append(lines[start..<index])
                (start, bytes) = (index, 0)
            }
            bytes += size
        }
        batches.append(lines[start..<lines.count])
        return batches
    }

    /// What an item adds around its input: `{"idempotencyKey":"…","input":},` with a key of up to 255 bytes.
    static let itemOverhead = 300
}
