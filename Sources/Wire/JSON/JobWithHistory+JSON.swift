import Foundation
public import JSON
import Presentation

extension BrokerReply.JobWithHistory: JSONReadable, JSONWritable {
    /// Reads the job with its one-pass reader, so its input keeps the broker's bytes; the page with the decoder.
    public init(reading reader: inout JSONReader) throws(JSONReadError) {
        let start = reader.index
        var job: Job?
        var history: RawJSON?
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key {
            case "job": job = try reader.read()
            case "history": history = try reader.read()
            default: try reader.skipValue()
            }
        }
        guard let job, let page = try? history?.decode(as: BrokerReply.HistoryPage.self) else {
            throw JSONReadError(offset: start, reason: "JobWithHistory needs \"job\" and \"history\"")
        }
        self.init(job: job, history: page)
    }

    /// Writes the page as the encoder does and the job with its writer (its input spliced as it came), in key order.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("history", RawJSON(unchecked: Frames.json(history)))
        try writer.member("job", job)
        writer.endObject()
    }
}
