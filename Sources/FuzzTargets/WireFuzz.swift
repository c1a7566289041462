import Foundation
import Wire

/// Bytes cut at NUL into frames, decoded as every message type that arrives over ZeroMQ.
enum WireFuzz {
    static func run(_ data: Data) {
        var frames = data.pieces(4)
        // Most inputs are a body alone: give them the envelope too, so the decoders behind it are reached.
        if frames.count < 4, let first = frames.first {
            frames = [Data(Frames.version.utf8), Data(Self.types[Int(first.first ?? 0) % types.count].utf8), Data(), first]
        }
        let limits = MessageLimits.standard
        _ = try? Frames.decode(frames, as: ClientRequest.self, limits: limits)
        _ = try? Frames.decode(frames, as: BrokerReply.self, limits: limits)
        _ = try? Frames.decode(frames, as: WorkerMessage.self, limits: limits)
        _ = try? Frames.decode(frames, as: BrokerCommand.self, limits: limits)
        _ = try? Event.decode(Array(frames.suffix(2)), limits: limits)
    }

    /// Message names that reach the typed decoders.
    static let types = [
        "submit", "status", "jobs", "pending", "presentation", "answer", "cancel", "events", "stats", "history", "operations",
        "ready", "heartbeat", "present", "result", "progress", "step", "refuse", "dispatch", "resume", "job", "error",
    ]
}
