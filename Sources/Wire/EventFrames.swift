public import Foundation
import JSON
import Presentation

extension Event {
    /// PUB frames: `[topic, JSON event]`; the topic is the event type so subscribers filter by prefix.
    public var frames: [Data] {
        [Data(type.rawValue.utf8), (try? JSONWriter.encode(self)) ?? Frames.empty]
    }

    /// Decodes PUB frames, refusing anything malformed with a typed error; the event keeps the JSON it was read
    /// from (`published`).
    public static func decode(_ frames: [Data], limits: MessageLimits = .standard) throws(WireError) -> Event {
        guard frames.count == 2 else { throw WireError(.malformedFrames, "an event has 2 frames, got \(frames.count)") }
        guard frames[1].count <= limits.maxMessageBytes else {
            throw WireError(.tooLarge, "event: \(frames[1].count) bytes is over the \(limits.maxMessageBytes)-byte limit (maxMessageBytes)")
        }
        var event = try Frames.payload(Event.self, frames[1], in: "event", limits: limits.json)
        event.published = frames[1]
        return event
    }
}
