public import Foundation

extension WorkerBatch {
    /// Single messages' frames (`Frames.encode`), in the order posted, packed for a broker that reads
    /// `batch`: each run of messages a batch carries goes in as few batches as keep every body within
    /// `maxBytes`, and a message that travels alone (or that would be over `maxBytes` inside a batch)
    /// keeps its own frames and its place. A run of one goes as it was.
    public static func pack(_ messages: [[Data]], maxBytes: Int) -> [[Data]] {
        var packed: [[Data]] = []
        var run: [(frames: [Data], item: Encoded)] = []
        var runBytes = Self.emptyBytes
        func close() {
            if run.count == 1 {
                packed.append(run[0].frames)
            } else if run.count > 1, let body = try? body(run.map(\.item)) {
                packed.append([Data(Frames.version.utf8), Data(typeName.utf8), Data(), body])
            } else {
                packed += run.map(\.frames)
            }
            (run, runBytes) = ([], Self.emptyBytes)
        }
        for frames in messages {
            guard let item = Encoded(frames: frames), carries(item.type) else {
                close()
                packed.append(frames)
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
