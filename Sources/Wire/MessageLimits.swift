public import JSON

/// Every size limit of Interlude, derived from one setting, `maxMessageBytes`, so that whatever is
/// accepted at the edge can also travel everywhere it must go afterwards (dispatch, replies, events).
///
/// A job holds its input, its output and its pending question, and an event holds the job and the
/// question again, so their shares are chosen to fit together in one message with room to spare.
public struct MessageLimits: Sendable, Hashable {
    /// The largest JSON body of any message between Interlude's processes.
    public var maxMessageBytes: Int
    /// How deep and how wide a JSON body may be: the strict reader's nesting and key-count limits.
    public var json: JSONLimits

    /// Limits derived from `maxMessageBytes` (1 MiB by default).
    public init(maxMessageBytes: Int = 1 << 20, json: JSONLimits = .standard) {
        self.maxMessageBytes = maxMessageBytes
        self.json = json
    }

    /// Limits from the three settings: `maxMessageBytes`, `maxJsonDepth` and `maxJsonKeys`.
    public init(maxMessageBytes: Int, maxJsonDepth: Int, maxJsonKeys: Int) {
        self.init(maxMessageBytes: maxMessageBytes, json: JSONLimits(maxDepth: maxJsonDepth, maxKeys: maxJsonKeys))
    }

    /// The defaults.
    public static let standard = MessageLimits()

    /// libzmq's `ZMQ_MAXMSGSIZE` for every socket: a body plus room for the envelope, so a body a
    /// little over the limit is refused with a clear error instead of costing the connection.
    public var frameBytes: Int { maxMessageBytes + 64 << 10 }

    /// The largest job input (as it travels, encoded): a quarter of a message.
    public var inputBytes: Int { maxMessageBytes / 4 }

    /// The largest presentation (encoded, its item included): an eighth of a message.
    public var presentationBytes: Int { maxMessageBytes / 8 }

    /// The largest step value or job output (encoded): an eighth of a message.
    public var valueBytes: Int { maxMessageBytes / 8 }

    /// What the items of one list reply may take together; the rest is room for the page's own fields.
    public var pageBytes: Int { maxMessageBytes - 4 << 10 }

    /// The largest HTTP request body: an input with room for the request around it.
    public var httpBodyBytes: Int { inputBytes + 16 << 10 }
}
