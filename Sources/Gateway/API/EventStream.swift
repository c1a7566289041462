import Foundation
import Presentation
import Wire

/// One client's event stream: journaled events after `start`, then live ones, in sequence order,
/// without gaps or repeats, with a comment every `heartbeat` so a dead client is noticed.
struct EventStream: Sendable {
    /// Events asked for per journal page.
    static let pageSize = 500

    let live: AsyncStream<Event>
    let start: Int64
    let heartbeat: Duration
    /// Journaled events after a sequence.
    let fetch: @Sendable (Int64) async throws(APIError) -> BrokerReply.EventPage

    /// The SSE chunks; cancelling the stream (the client left) stops the subscription and the heartbeat.
    func run() -> AsyncStream<Data> {
        let (output, continuation) = AsyncStream.makeStream(of: Data.self)
        // A first comment sends the headers at once and tells the client where the stream starts.
        continuation.yield(Data(": events after \(start)\n\n".utf8))
        let pump = Task {
            var last = start
            do throws(APIError) {
                try await catchUp(&last, continuation)
                for await event in live {
                    try await deliver(event, &last, continuation)
                }
            } catch {
                // The broker stopped answering: end the stream; the client resumes with Last-Event-ID.
            }
            continuation.finish()
        }
        let beat = Task {
            // Ends when cancelled, or at the first beat after the stream finished on its own.
            while !Task.isCancelled {
                try? await Task.sleep(for: heartbeat)
                if Task.isCancelled { return }
                if case .terminated = continuation.yield(SSE.heartbeat) { return }
            }
        }
        continuation.onTermination = { _ in
            pump.cancel()
            beat.cancel()
        }
        return output
    }

    /// Emits a live event unless it is a repeat; a gap (or a heartbeat showing one) is filled from the journal first.
    private func deliver(_ event: Event, _ last: inout Int64, _ output: AsyncStream<Data>.Continuation) async throws(APIError) {
        if event.type == .heartbeat {
            if event.sequence > last { try await catchUp(&last, output) }
            return
        }
        if event.sequence > last + 1 { try await catchUp(&last, output) }
        guard event.sequence > last else { return }
        emit(event, output)
        last = event.sequence
    }

    /// Emits every journaled event after `last`, page by page, up to the broker's newest.
    private func catchUp(_ last: inout Int64, _ output: AsyncStream<Data>.Continuation) async throws(APIError) {
        while !Task.isCancelled {
            let page = try await fetch(last)
            for event in page.events where event.sequence > last && event.type != .heartbeat {
                emit(event, output)
                last = event.sequence
            }
            if page.events.isEmpty || last >= page.last { return }
        }
    }

    private func emit(_ event: Event, _ output: AsyncStream<Data>.Continuation) {
        guard let json = try? JSONCoding.encoder.encode(event) else { return }
        output.yield(SSE.event(id: String(event.sequence), event: event.type.rawValue, data: String(decoding: json, as: UTF8.self)))
    }
}
