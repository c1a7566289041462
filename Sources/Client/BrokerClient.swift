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
    private let outbox: Mailbox<Outgoing>
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
    ///
    /// With CURVE `security`, a broker that refuses the key fails the waiting requests with `forbidden` at once.
    public init(
        context: Context, endpoint: String, security: SocketSecurity = .none, requestTimeout: Duration = .seconds(5),
        limits: MessageLimits = .standard
    ) throws {
        self.endpoint = endpoint
        self.requestTimeout = requestTimeout
        self.limits = limits
        outbox = try Mailbox()
        let socket = try Socket(context, .dealer, security: security)
        let monitor = try HandshakeMonitor(watching: socket, in: context)
        try socket.setMaxMessageSize(Int64(limits.frameBytes))
        try socket.setReconnectIntervalMax(.seconds(2))
        try socket.connect(endpoint)
        let box = SocketBox(socket, monitor)
        let thread = Thread { [outbox, waiters, endpoint] in
            Self.run(box.socket, monitor: box.monitor, endpoint: endpoint, outbox: outbox, waiters: waiters, limits: limits)
        }
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
                if !outbox.post(Outgoing(correlation: correlation, frames: frames)) { waiters.fail(correlation, WireError(.unavailable, "the client is closed")) }
            }
        } catch let error as WireError {
            return .error(error)
        } catch {
            return .error(WireError(.unavailable, "the request was cancelled"))
        }
    }

    /// Stops the socket thread; requests still waiting time out.
    public func close() { outbox.close() }

    private static func run(
        _ socket: Socket, monitor: HandshakeMonitor, endpoint: String, outbox: Mailbox<Outgoing>, waiters: Waiters<String, BrokerReply>,
        limits: MessageLimits
    ) {
        defer {
            monitor.close()
            socket.close()
        }
        var refusal: WireError?
        while !outbox.isClosed {
            let items: [PollItem] = [.socket(socket), .fileDescriptor(outbox.fileDescriptor), .socket(monitor.socket)]
            guard let readable = try? poll(items, timeout: .milliseconds(200)) else { return }
            if readable[2], let outcome = (try? monitor.drain())?.last {
                refusal = HandshakeRefusal.error(outcome, endpoint: endpoint)
                // What was sent before the refusal will never be answered.
                if let refusal { waiters.failAll(where: { _ in true }, refusal) }
            }
            if readable[1] {
                for request in outbox.drain() {
                    if let refusal {
                        waiters.fail(request.correlation, refusal)
                    } else {
                        _ = try? socket.send(request.frames, timeout: .seconds(1))
                    }
                }
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

/// A request on its way to the socket thread.
struct Outgoing: Sendable {
    let correlation: String
    let frames: [Data]
}

/// Hands a socket (and the monitor of its handshakes) to the thread that owns it from then on.
struct SocketBox: @unchecked Sendable {  // moved once, then used by a single thread
    let socket: Socket
    let monitor: HandshakeMonitor!
    init(_ socket: Socket, _ monitor: HandshakeMonitor? = nil) {
        self.socket = socket
        self.monitor = monitor
    }
}
