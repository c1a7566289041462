public import JSON

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
