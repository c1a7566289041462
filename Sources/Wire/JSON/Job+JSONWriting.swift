public import JSON
import Presentation

extension Job: JSONWritable {
    /// Writes the job as its `encode(to:)` does: the derived `state`, `presentation`, `result` and `error` as
    /// `null` when absent, `redispatches` only when above zero, the other optionals only when set.
    public func write(to writer: inout JSONWriter) throws {
        try write(to: &writer) { _ throws in }
    }

    /// Writes the job with members of the caller's between `error` and `id` (keys that sort there, such as
    /// `history`), so a job shown with its timeline keeps its input's bytes.
    public func write(to writer: inout JSONWriter, beforeID members: (inout JSONWriter) throws -> Void) throws {
        try writer.beginObject()
        try writer.field("answerWithin", answerWithin)
        try writer.member("attempts", attempts)
        try writer.field("audience", audience)
        try writer.member("createdAt", createdAt)
        try writer.nullable("error", error)
        try members(&writer)
        try writer.member("id", id)
        try writer.member("input", input)
        try writer.member("operation", operation)
        try writer.field("outcome", outcome)
        try writer.nullable("presentation", presentation)
        try writer.field("progress", progress)
        try writer.field("redispatches", redispatches > 0 ? redispatches : nil)
        try writer.nullable("result", result)
        try writer.member("state", state.rawValue)
        try writer.member("updatedAt", updatedAt)
        writer.endObject()
    }
}

extension Job.Failure: JSONWritable {
    /// Writes the code and the message.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("code", code)
        try writer.member("message", message)
        writer.endObject()
    }
}

extension Job.Progress: JSONWritable {
    /// Writes how far and of how much.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("done", done)
        try writer.member("total", total)
        writer.endObject()
    }
}

extension Job.Outcome: JSONWritable {
    /// Writes the outcome as the synthesized `encode(to:)` does: `action` only when there was one.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.field("action", action)
        try writer.member("cause", cause.rawValue)
        try writer.member("presentation", presentation)
        writer.endObject()
    }
}
