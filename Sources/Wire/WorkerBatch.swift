public import Foundation
public import JSON

/// Several worker messages in one (`batch`): what a worker had ready for the broker in one wake-up, such
/// as the results, steps and progress of several jobs. Each item keeps its own correlation id and is read
/// as the same message alone would be, within the same limits; a broker takes it once its `welcome` said so.
public struct WorkerBatch: WireMessage, Sendable, Hashable {
    /// One message of the batch and the correlation id its reply echoes.
    public struct Item: Sendable, Hashable {
        public let message: WorkerMessage
        public let correlation: String
        public init(_ message: WorkerMessage, correlation: String = "") {
            self.message = message
            self.correlation = correlation
        }
    }

    /// The messages, in the order the worker posted them.
    public let items: [Item]

    /// A batch of these messages.
    public init(_ items: [Item]) {
        self.items = items
    }

    /// The message's name on the wire.
    public static let typeName = "batch"

    public var type: String { Self.typeName }

    public func body() throws -> Data {
        try Self.body(items.map { Encoded(type: $0.message.type, correlation: $0.correlation, body: try $0.message.body()) })
    }

    /// Whether a worker message of this type may travel in a batch: any but `ready`, `disconnect` and `batch`,
    /// which say something about the connection itself and go alone.
    public static func carries(_ type: String) -> Bool {
        type != "ready" && type != "disconnect" && type != typeName
    }

    /// An item already encoded: a single message's type, correlation and JSON body, as its frames hold them.
    public struct Encoded: Sendable, Hashable {
        public let type: String
        public let correlation: String
        public let body: Data
        public init(type: String, correlation: String, body: Data) {
            self.type = type
            self.correlation = correlation
            self.body = body
        }

        /// The parts of a single message's frames (`Frames.encode`), nil for frames that are not four.
        public init?(frames: [Data]) {
            guard frames.count == 4 else { return nil }
            self.init(type: String(decoding: frames[1], as: UTF8.self), correlation: String(decoding: frames[2], as: UTF8.self), body: frames[3])
        }
    }

    /// The batch's body around bodies already encoded, spliced in as they are.
    public static func body(_ items: [Encoded]) throws -> Data {
        var writer = JSONWriter(capacity: items.reduce(32) { $0 + $1.body.count + 48 })
        try writer.beginObject()
        writer.key("messages")
        try writer.beginArray()
        for item in items {
            writer.element()
            try writer.beginObject()
            try writer.member("body", RawJSON(unchecked: item.body))
            try writer.member("correlation", item.correlation)
            try writer.member("type", item.type)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return Data(writer.bytes)
    }

    /// How many bytes a batch of these items takes beyond their bodies, at most: what a sender adds to
    /// their sizes to keep a batch under `maxMessageBytes`.
    public static func overhead(of item: Encoded) -> Int {
        item.type.utf8.count + item.correlation.utf8.count * 6 + 48
    }

    public static func decode(type: String, body: Data, limits: JSONLimits?) throws(WireError) -> WorkerBatch {
        guard type == typeName else { throw WireError(.unknownMessage, "unknown worker message \"\(type)\"") }
        // Each body sits three levels deeper than alone (an object, an array, an item): the envelope gets
        // those three, and each body is then read within the limits it would have alone.
        let envelope = try Frames.payload(Envelope.self, body, in: type, limits: limits?.deeper(by: 3))
        var items: [Item] = []
        items.reserveCapacity(envelope.messages.count)
        for (index, raw) in envelope.messages.enumerated() {
            guard carries(raw.type) else { throw WireError(.invalidBody, "batch: messages[\(index)] is a \(raw.type), which travels alone") }
            do {
                items.append(Item(try WorkerMessage.decode(type: raw.type, body: raw.body.bytes, limits: limits), correlation: raw.correlation ?? ""))
            } catch {
                throw WireError(error.code, "batch: messages[\(index)]: \(error.message)")
            }
        }
        return WorkerBatch(items)
    }

    /// The batch as it travels: each item's type, correlation and body, its body not yet read.
    struct Envelope: Sendable {
        struct Raw: Sendable {
            let type: String
            let correlation: String?
            let body: RawJSON
        }
        let messages: [Raw]
    }
}

extension JSONLimits {
    /// These limits with `levels` more levels of nesting, for a body that wraps bodies read within these limits.
    public func deeper(by levels: Int) -> JSONLimits {
        JSONLimits(maxDepth: maxDepth + levels, maxKeys: maxKeys)
    }
}
