import Foundation
import Log
import Presentation
import Primitives
import Synchronization
import Wire
import ZeroMQ

/// Asks the broker things over a DEALER socket; many requests may be in flight at once.
///
/// The socket lives on a thread of its own; callers post requests through a mailbox and await the
/// reply matched by correlation id. A request not answered in time fails with `timeout`.
public final class BrokerClient: Sendable {
    private let outbox: Mailbox<[Data]>
    private let waiters = Waiters<String, BrokerReply>()
    private let counter = Atomic<Int>(0)
    private let prefix = Identifier.short()
    /// The broker's client endpoint.
    public let endpoint: String
    /// How long a request waits for its reply unless the call says otherwise.
    public let requestTimeout: Duration
    /// The size policy replies are read with.
    public let limits: MessageLimits

    /// Connects to the broker's client endpoint (the connection completes in the background).
    public init(context: Context, endpoint: String, requestTimeout: Duration = .seconds(5), limits: MessageLimits = .standard) throws {
        self.endpoint = endpoint
        self.requestTimeout = requestTimeout
        self.limits = limits
        outbox = try Mailbox()
        let socket = try Socket(context, .dealer)
        try socket.setMaxMessageSize(Int64(limits.frameBytes))
        try socket.setReconnectIntervalMax(.seconds(2))
        try socket.connect(endpoint)
        let box = SocketBox(socket)
        let thread = Thread { [outbox, waiters] in Self.run(box.socket, outbox: outbox, waiters: waiters, limits: limits) }
        thread.name = "interlude-client"
        thread.start()
    }

    deinit { outbox.close() }

    /// Sends a request and waits for its reply; the broker's refusals come back as `.error`.
    public func request(_ request: ClientRequest, timeout: Duration? = nil) async -> BrokerReply {
        let timeout = timeout ?? requestTimeout
        let correlation = "\(prefix)-\(counter.add(1, ordering: .relaxed).newValue)"
        let frames = Frames.encode(request, correlation: correlation)
        let timer = Task { [waiters, endpoint] in
            try await Task.sleep(for: timeout)
            waiters.fail(correlation, WireError(.timeout, "the broker at \(endpoint) did not answer within \(timeout)"))
        }
        defer { timer.cancel() }
        do {
            return try await waiters.wait(for: correlation) {
                if !outbox.post(frames) { waiters.fail(correlation, WireError(.unavailable, "the client is closed")) }
            }
        } catch let error as WireError {
            return .error(error)
        } catch {
            return .error(WireError(.unavailable, "the request was cancelled"))
        }
    }

    /// Stops the socket thread; requests still waiting time out.
    public func close() { outbox.close() }

    private static func run(_ socket: Socket, outbox: Mailbox<[Data]>, waiters: Waiters<String, BrokerReply>, limits: MessageLimits) {
        defer { socket.close() }
        while !outbox.isClosed {
            guard let readable = try? poll([.socket(socket), .fileDescriptor(outbox.fileDescriptor)], timeout: .milliseconds(200)) else { return }
            if readable[1] {
                for frames in outbox.drain() { _ = try? socket.send(frames, timeout: .seconds(1)) }
            }
            while readable[0], let frames = try? socket.receive() {
                do {
                    let (reply, correlation) = try Frames.decode(frames, as: BrokerReply.self, limits: limits)
                    waiters.resolve(correlation, reply)
                } catch {
                    // A reply that cannot be read still names its request: fail it now, not at the timeout.
                    if frames.count == 4 { waiters.resolve(String(decoding: frames[2], as: UTF8.self), .error(error)) }
                }
            }
        }
    }
}

/// Hands a socket to the thread that owns it from then on.
struct SocketBox: @unchecked Sendable {  // moved once, then used by a single thread
    let socket: Socket
    init(_ socket: Socket) { self.socket = socket }
}
