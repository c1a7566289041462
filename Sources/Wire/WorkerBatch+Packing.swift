public import Foundation

extension WorkerBatch {
    /// What one packed message carries: its frames, and the single messages' frames a batch holds (empty
    /// for a message that travels as it was), so a sender can send them again alone if the batch is refused.
    public struct Packed: Sendable, Hashable {
        /// The frames to send.
        public let frames: [Data]
        /// The single messages a batch carries, in order; empty when `frames` is one message alone.
        public let carried: [[Data]]

        /// A packed message.
        public init(frames: [Data], carried: [[Data]] = []) {
            self.frames = frames
            self.carried = carried
        }

        /// The same message with `correlation` in its correlation frame: the id a refusal of the batch echoes.
        public func correlated(_ correlation: String) -> Packed {
            var frames = frames
            frames[2] = Data(correlation.utf8)
            return Packed(frames: frames, carried: carried)
        }
    }

    /// Single messages' frames (`Frames.encode`), in the order posted, packed for a broker that reads
    /// `batch`: each run of messages a batch carries goes in as few batches as keep every body within
    /// `maxBytes`, and a message that travels alone (or that would be over `maxBytes` inside a batch)
    /// keeps its own frames and its place. A run of one goes as it was.
    public static func pack(_ messages: [[Data]], maxBytes: Int) -> [[Data]] {
        packed(messages, maxBytes: maxBytes).map(\.frames)
    }

    /// `pack`, each batch with the messages it carries (and no correlation id: `Packed.correlated` gives it one).
    public static func packed(_ messages: [[Data]], maxBytes: Int) -> [Packed] {
        var packed: [Packed] = []
        var run: [(frames: [Data], item: Encoded)] = []
        var runBytes = Self.emptyBytes
        func close() {
            if run.count == 1 {
                packed.append(Packed(frames: run[0].frames))
            } else if run.count > 1, let body = try? body(run.map(\.item)) {
                packed.append(Packed(frames: [Data(Frames.version.utf8), Data(typeName.utf8), Data(), body], carried: run.map(\.frames)))
            } else {
                packed += run.map { Packed(frames: $0.frames) }
            }
            (run, runBytes) = ([], Self.emptyBytes)
        }
        for frames in messages {
            guard let item = Encoded(frames: frames), carries(item.type) else {
                close()
                packed.append(Packed(frames: frames))
                continue
            }
            let bytes = item.body.count + overhead(of: item)
            if !run.isEmpty, runBytes + bytes > maxBytes { close() }
            run.append((frames, item))
            runBytes += bytes
        }
        close()
        return packed
    }

    /// A batch's body with no messages in it: `{"messages":[]}`.
    static let emptyBytes = 15
}
