public import JSON
import Presentation

extension BrokerCommand.Dispatch: JSONWritable {
    /// Writes the dispatch as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("history", history)
        try writer.member("input", input)
        try writer.member("job", job)
        try writer.member("operation", operation)
        writer.endObject()
    }
}

extension History: JSONWritable {
    /// Writes the step results and the answered questions (both, empty or not).
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("answered", answered)
        try writer.member("steps", steps)
        writer.endObject()
    }
}

extension History.Answered: JSONWritable {
    /// Writes the resolution and the sequence of its question.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("resolution", resolution)
        try writer.member("sequence", sequence)
        writer.endObject()
    }
}

extension BrokerCommand.Resume: JSONWritable {
    /// Writes the resume as the synthesized `encode(to:)` does: `secureValues` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("job", job)
        try writer.member("resolution", resolution)
        try writer.field("secureValues", secureValues)
        try writer.member("sequence", sequence)
        writer.endObject()
    }
}

extension WorkerMessage.Attempt: JSONWritable {
    /// Writes the job and its attempt.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("job", job)
        writer.endObject()
    }
}

extension WorkerMessage.Result: JSONWritable {
    /// Writes the result as the synthesized `encode(to:)` does: `output` and `error` only when set.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.field("error", error)
        try writer.member("job", job)
        try writer.member("outcome", outcome.rawValue)
        try writer.field("output", output)
        writer.endObject()
    }
}

extension WorkerMessage.ProgressReport: JSONWritable {
    /// Writes the job, its attempt and how far it has come.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("done", done)
        try writer.member("job", job)
        try writer.member("total", total)
        writer.endObject()
    }
}

extension WorkerMessage.Step: JSONWritable {
    /// Writes the job, its attempt and the step's name and value.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("job", job)
        try writer.member("name", name)
        try writer.member("value", value)
        writer.endObject()
    }
}

extension WorkerMessage.Present: JSONWritable {
    /// Writes the question with its job, attempt and sequence, as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("attempt", attempt)
        try writer.member("draft", draft)
        try writer.member("job", job)
        try writer.member("sequence", sequence)
        writer.endObject()
    }
}

extension BrokerCommand.Asked: JSONWritable {
    /// Writes the question's id, as the synthesized `encode(to:)` does.
    public func write(to writer: inout JSONWriter) throws {
        try writer.beginObject()
        try writer.member("id", id)
        writer.endObject()
    }
}
