import Foundation
import JSON
public import Wire

extension GatewayClient {
    /// How long to wait before connecting again after the stream dropped: `first`, doubling per failure
    /// in a row up to `maximum`, back to `first` once a connection is answered.
    public struct Backoff: Sendable, Hashable {
        /// The first wait.
        public var first: Duration
        /// The longest wait.
        public var maximum: Duration

        /// A backoff from `first` up to `maximum`.
        public init(first: Duration = .milliseconds(250), maximum: Duration = .seconds(10)) {
            self.first = first
            self.maximum = maximum
        }
    }

    /// The gateway's events after `sequence` (nil: from now), each once and in order, as they happen.
    ///
    /// A dropped stream is opened again after `backoff` with `Last-Event-ID` set to the last event
    /// delivered, so the gateway replays what was missed from its journal; the sequence ends (throwing a
    /// `GatewayClientError`) only when the gateway refuses the stream itself (a bad or revoked token, say), or
    /// when the consumer stops iterating.
    public func events(after sequence: Int64? = nil, backoff: Backoff = Backoff()) -> AsyncThrowingStream<Event, any Error> {
        let (events, output) = AsyncThrowingStream.makeStream(of: Event.self)
        let pump = Task { [self] in
            var last = sequence
            var delay = backoff.first
            while !Task.isCancelled {
                do throws(GatewayClientError) {
                    if try await follow(after: &last, into: output) { delay = backoff.first }
                } catch
                    where (error.status == 0 && error.code != GatewayClientError.untrusted) || error.status >= 500 || error.status == 408 || error.status == 429
                {
                    // The gateway is away or overloaded: try again after the backoff.
                } catch {
                    output.finish(throwing: error)
                    return
                }
                guard (try? await Task.sleep(for: delay)) != nil else { break }
                delay = min(delay * 2, backoff.maximum)
            }
            output.finish()
        }
        output.onTermination = { _ in pump.cancel() }
        return events
    }

    /// One connection: yields its events after `last` until it ends; returns whether the gateway answered 200.
    private func follow(after last: inout Int64?, into output: AsyncThrowingStream<Event, any Error>.Continuation) async throws(GatewayClientError) -> Bool {
        var extra = ["Accept": "text/event-stream"]
        if let last { extra["Last-Event-ID"] = String(last) }
        let request = GatewayRequest(method: "GET", url: try url("/v1/events"), headers: headers(extra), body: nil, timeout: max(timeout, 60))
        let parts = transport.stream(request)
        var status = 0
        var refusal = Data()
        var parser = ServerSentEventParser()
        for await part in parts {
            switch part {
            case .status(let code): status = code
            case .data(let data) where status != 200: refusal.append(data)
            case .data(let data):
                for block in parser.feed(data) {
                    guard let event = try? JSONReader.read(Event.self, from: Data(block.data.utf8)) else { continue }
                    // A replay that overlaps what was delivered is skipped: each event once.
                    if let last, event.sequence <= last { continue }
                    last = event.sequence
                    output.yield(event)
                }
            case .ended(let error):
                if status == 0 {
                    throw GatewayClientError(
                        status: 0, code: error?.code ?? GatewayClientError.unreachable, message: "GET /v1/events: \(error?.message ?? "no response")")
                }
            }
        }
        if status != 200, status != 0 { throw GatewayClientError(status: status, body: refusal) }
        return status == 200
    }
}
