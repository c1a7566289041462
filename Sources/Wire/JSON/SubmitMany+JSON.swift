import Foundation
public import JSON
import Presentation

extension ClientRequest.SubmitMany.Item: JSONReadable, JSONWritable {
    /// An item; its input is required, and `null` is an input.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var input: RawJSON?
        var idempotencyKey: String?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "input": input = try reader.read()
            case "idempotencyKey": idempotencyKey = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let input else { throw JSONReadError(offset: start, reason: "an item needs \"input\"") }
        self.init(input: input, idempotencyKey: idempotencyKey)
    }

    /// Writes the item as the synthesized `encode(to:)` does: the key only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("idempotencyKey", idempotencyKey)
        try writer.member("input", input)
        writer.endObject()
    }
}

extension ClientRequest.SubmitMany: JSONReadable, JSONWritable {
    /// A batch; its operation and items are required.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var operation: String?
        var items: [Item]?
        var answerWithin: TimeInterval?
        var audience: Audience?
        var atomic: Bool?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "operation": operation = try reader.readIfPresent()
            case "items": items = try reader.readIfPresent()
            case "answerWithin": answerWithin = try reader.readIfPresent()
            case "audience": audience = try reader.readIfPresent()
            case "atomic": atomic = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let operation, let items else { throw JSONReadError(offset: start, reason: "SubmitMany needs \"operation\" and \"items\"") }
        self.init(operation: operation, items: items, answerWithin: answerWithin, audience: audience, atomic: atomic)
    }

    /// Writes the batch as the synthesized `encode(to:)` does: the optionals only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("answerWithin", answerWithin)
        try writer.field("atomic", atomic)
        try writer.field("audience", audience)
        try writer.member("items", items)
        try writer.member("operation", operation)
        writer.endObject()
    }
}

extension BrokerReply.Submitted: JSONWritable {
    /// Writes `{"items": [{"job": id} | {"error": {code, message, …}}, …]}`; an error as `Codable` writes it.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        writer.key("items")
        try writer.beginArray()
        for item in items {
            writer.element()
            try writer.beginObject()
            if let error = item.error {
                writer.key("error")
                writer.splice(try Frames.json(error))
            } else {
                try writer.field("job", item.job)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
