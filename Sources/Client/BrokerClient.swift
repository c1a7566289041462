import Foundation
import Log
import Presentation
import Primitives
import Synchronization
public import Wire
import ZeroMQ

/// Asks the broker things over a DEALER socket; many requests may be in flight at once.
///
/// The socket lives on a thread of its own (`ClientLoop`); callers post requests through a mailbox
/// and await the reply matched by correlation id. A request not answered in time fails with
/// `timeout`, and a socket that stops answering is closed and reopened (`BrokerLink`). Made by a
/// `BrokerConnection`.
public final class BrokerClient: Sendable {
    private let outbox: Mailbox<Outgoing>
    private let waiters = Waiters<String, Frames.Envelope>()
    private let counter = Atomic<Int>(0)
    private let prefix = Identifier.short()
    private let state = HealthRecord()
    /// The broker's client endpoint, or several brokers' as a comma-separated list.
    public let endpoint: String
    /// Whether `endpoint` names several brokers (read once: every submit asks).
    private let severalBrokers: Bool
    /// How long a request waits for its reply unless the call says otherwise.
    public let requestTimeout: Duration
    /// The size policy replies are read with.
    public let limits: MessageLimits

    /// Starts the socket thread; the connection completes in the background. With CURVE security, a
    /// broker that refuses the key fails the waiting requests with `forbidden` at once.
    init(context: Context, options: BrokerConnection.Options) throws {
        endpoint = options.clients
        severalBrokers = EndpointList.split(options.clients).count > 1
        requestTimeout = options.requestTimeout
        limits = options.limits
        outbox = try Mailbox()
        let loop = Handoff(try ClientLoop(context: context, options: options, outbox: outbox, waiters: waiters, health: state))
        let thread = Thread { loop.value.run() }
        thread.name = "interlude-client"
        thread.start()
    }

    deinit { outbox.close() }

    /// How the socket is doing.
    var health: ConnectionHealth { state.current }

    /// Sends a request and waits for its reply; the broker's refusals come back as `.error`.
    ///
    /// Given several brokers, a submit without an idempotency key gets one, so sending it again to the
    /// next broker after a failover cannot make a second job.
    public func request(_ request: ClientRequest, timeout: Duration? = nil) async -> BrokerReply {
        do throws(WireError) {
            let envelope = try await exchange(request, timeout: timeout)
            return try BrokerReply.decode(type: envelope.type, body: envelope.body)
        } catch {
            return .error(error)
        }
    }

    /// Sends a request and returns its reply's envelope with the body undecoded, for a caller that passes
    /// the broker's bytes on as they are; failures to get a reply are thrown as `request` returns them.
    public func exchange(_ request: ClientRequest, timeout: Duration? = nil) async throws(WireError) -> Frames.Envelope {
        let request = Self.prepared(request, severalBrokers: severalBrokers)
        let correlation = "\(prefix)-\(counter.add(1, ordering: .relaxed).newValue)"
        let outgoing = Outgoing(
            correlation: correlation, frames: Frames.encode(request, correlation: correlation),
            deadline: .now + (timeout ?? requestTimeout))
        do {
            return try await waiters.wait(for: correlation) {
                if !outbox.post(outgoing) { waiters.fail(correlation, WireError(.unavailable, "the client is closed")) }
            }
        } catch let error as WireError {
            throw error
        } catch {
            throw WireError(.unavailable, "the request was cancelled")
        }
    }

    /// The request as it is sent: given several brokers, a submit (or a batch's item) without an idempotency key
    /// gets one and keeps every other field as the caller gave it.
    static func prepared(_ request: ClientRequest, severalBrokers: Bool) -> ClientRequest {
        guard severalBrokers else { return request }
        switch request {
        case .submit(var submit) where submit.idempotencyKey == nil:
            submit.idempotencyKey = Identifier.make("retry")
            return .submit(submit)
        case .submitMany(let batch) where batch.items.contains { $0.idempotencyKey == nil }:
            let items = batch.items.map { ClientRequest.SubmitMany.Item(input: $0.input, idempotencyKey: $0.idempotencyKey ?? Identifier.make("retry")) }
            return .submitMany(
                .init(operation: batch.operation, items: items, answerWithin: batch.answerWithin, audience: batch.audience, atomic: batch.atomic))
        default:
            return request
        }
    }

    /// Stops the socket thread; requests still waiting fail.
    public func close() { outbox.close() }
}

/// A request on its way to the socket thread, with the moment it stops waiting.
struct Outgoing: Sendable {
    let correlation: String
    let frames: [Data]
    let deadline: ContinuousClock.Instant
    /// Whether a broker that left without answering was sent it before (see `ResentAnswer`).
    var resent = false

    /// The same request, to be sent again to the next broker.
    var again: Outgoing {
        var copy = self
        copy.resent = true
        return copy
    }
}
