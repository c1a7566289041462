import Foundation
public import JSON
public import Presentation

extension MessageLimits {
    /// Throws `tooLarge` when a job input is over `inputBytes`: its bytes as they travel.
    public func check(input: RawJSON) throws(WireError) {
        try check(size: input.bytes.count, "the input", limit: inputBytes, share: "a quarter")
    }

    /// Throws `tooLarge` when a bulk submit, as it travels, is over `maxMessageBytes`: the whole request's
    /// limit (each item's input has its own, `inputBytes`).
    public func check(batch: ClientRequest.SubmitMany) throws(WireError) {
        let size = Self.size(batch)
        guard size <= maxMessageBytes else {
            throw WireError(
                .tooLarge,
                "the batch of \(batch.items.count) items is \(size) bytes; at most \(maxMessageBytes) are allowed (maxMessageBytes): send fewer at a time")
        }
    }

    /// Throws `tooLarge` when a question is over `presentationBytes`. Every question is checked twice (on the
    /// worker before it leaves, on the broker as it arrives), so its size is counted by the hand-written writer.
    public func check(question draft: Presentation.Draft) throws(WireError) {
        try check(size: Self.size(draft), "the question", limit: presentationBytes, share: "an eighth")
    }

    /// Throws `tooLarge` when a step value or a job output is over `valueBytes`: its bytes as they travel.
    public func check(value: RawJSON, _ what: String) throws(WireError) {
        try check(size: value.bytes.count, what, limit: valueBytes, share: "an eighth")
    }

    private func check(size: Int, _ what: String, limit: Int, share: String) throws(WireError) {
        guard size <= limit else {
            throw WireError(.tooLarge, "\(what) is \(size) bytes; at most \(limit) are allowed (\(share) of maxMessageBytes, \(maxMessageBytes))")
        }
    }

    /// The encoded size of a value (a question, a page's entries), written by hand as it travels:
    /// the encoder's bytes, counted without `Codable`.
    public static func size(_ value: some JSONWritable) -> Int {
        (try? JSONWriter.size(of: value)) ?? Int.max
    }
}
