import Foundation
public import JSON

extension WorkerBatch.Envelope: JSONReadable {
    /// A batch's messages, each body sliced out unread.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var messages: [Raw]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "messages": messages = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let messages else { throw JSONReadError(offset: start, reason: "batch needs \"messages\"") }
        self.init(messages: messages)
    }
}

extension WorkerBatch.Envelope.Raw: JSONReadable {
    /// One message of a batch: its type, correlation id (none is empty) and body.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var type: String?
        var correlation: String?
        var body: RawJSON?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "type": type = try reader.readIfPresent()
            case "correlation": correlation = try reader.readIfPresent()
            case "body": body = try reader.read()
            default: try reader.skipValue()
            }
        }
        guard let type, let body else { throw JSONReadError(offset: start, reason: "a batch's message needs \"type\" and \"body\"") }
        self.init(type: type, correlation: correlation, body: body)
    }
}

extension BrokerCommand.Dispatches: JSONReadable {
    /// Several dispatches, in order.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var dispatches: [BrokerCommand.Dispatch]?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "dispatches": dispatches = try reader.readIfPresent()
            default: try reader.skipValue()
            }
        }
        guard let dispatches else { throw JSONReadError(offset: start, reason: "Dispatches needs \"dispatches\"") }
        self.init(dispatches)
    }
}

extension BrokerCommand.Dispatches: JSONWritable {
    /// Writes the dispatches in order.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("dispatches", dispatches)
        writer.endObject()
    }
}
