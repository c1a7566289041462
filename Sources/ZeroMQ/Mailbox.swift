import Synchronization

/// A thread-safe FIFO that wakes its owner: any thread posts, the owner polls `fileDescriptor` and drains.
public final class Mailbox<Message: Sendable>: Sendable {
    private struct State {
        var messages: [Message] = []
        var isClosed = false
    }

    private let state = Mutex(State())
    private let wakeup: Wakeup

    /// Creates an empty, open mailbox.
    public init() throws(ZMQError) {
        wakeup = try Wakeup()
    }

    /// The descriptor to put in `poll`; readable while messages may be waiting.
    public var fileDescriptor: Int32 { wakeup.fileDescriptor }

    /// Appends `message` from any thread; returns false, dropping it, once the mailbox is closed.
    @discardableResult
    public func post(_ message: Message) -> Bool {
        let wasEmpty: Bool? = state.withLock { state in
            guard !state.isClosed else { return nil }
            state.messages.append(message)
            return state.messages.count == 1
        }
        guard let wasEmpty else { return false }
        // Only the first message into an empty queue needs a wake-up; `drain` takes everything behind it.
        if wasEmpty { wakeup.signal() }
        return true
    }

    /// Takes every waiting message in posting order; call it on the owner thread.
    public func drain() -> [Message] {
        // Drained before taking the queue, so a post racing with us leaves a signal rather than losing one.
        wakeup.drain()
        return state.withLock { state in
            defer { state.messages = [] }
            return state.messages
        }
    }

    /// Refuses later posts and drops waiting messages; the descriptor stays valid until the mailbox is freed.
    public func close() {
        // The messages are handed out of the lock and released there, as a message's deinit may lock too.
        _ = state.withLock { state in
            state.isClosed = true
            defer { state.messages = [] }
            return state.messages
        }
        wakeup.signal()
    }

    /// Whether messages are waiting: lets the owner thread take what it posted itself without a turn
    /// through `poll` (`drain` then also consumes the wake-up that posting left).
    public var hasMessages: Bool { state.withLock { !$0.messages.isEmpty } }

    /// Whether `close()` was called; the owner thread checks it after a wake-up.
    public var isClosed: Bool { state.withLock { $0.isClosed } }
}
