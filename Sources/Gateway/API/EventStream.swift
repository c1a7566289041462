import Client
import Foundation
import HTTPServer
import JSON
import Presentation
import Synchronization
import Wire

/// One client's event stream: journaled events after `start`, then live ones, in sequence order,
/// without gaps or repeats (an `EventFollower` does the following), with a comment every `heartbeat`
/// so a dead client is noticed. When the broker stops answering, or its journal can no longer go on
/// from `start`, the stream ends and the client resumes with `Last-Event-ID`.
struct EventStream: Sendable {
    /// Events asked for per journal page.
    static let pageSize = 500

    let source: any EventSource
    let start: Int64
    let heartbeat: Duration
    /// How long without an event or broker heartbeat counts as lost contact.
    let silence: Duration
    /// Called before an `operation.announced` event goes out, so what the client asks next is fresh.
    var announced: @Sendable () -> Void = {}

    /// The SSE chunks; cancelling the stream (the client left) stops the follower and the heartbeat. With
    /// `tokens`, the stream ends when a reload takes away the `read` scope `authorization` was granted.
    func run(watchedBy tokens: Tokens? = nil, authorization: String? = nil) -> AsyncStream<Data> {
        let (output, continuation) = AsyncStream.makeStream(of: Data.self)
        // A first comment sends the headers at once and tells the client where the stream starts.
        continuation.yield(Data(": events after \(start)\n\n".utf8))
        let pump = Task { [self] in
            try? await follower(continuation).run()
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
        let watch = Atomic(0)
        continuation.onTermination = { _ in
            pump.cancel()
            beat.cancel()
            let id = watch.exchange(-1, ordering: .relaxed)
            if id > 0 { tokens?.unwatch(id) }
        }
        if let tokens {
            let id = tokens.watch(authorization: authorization, scope: .read) { continuation.finish() }
            // Ended meanwhile (the client left): nothing will unwatch it but this.
            if watch.compareExchange(expected: 0, desired: id, ordering: .relaxed).exchanged == false { tokens.unwatch(id) }
        }
        return output
    }

    /// Follows from `start`; a second snapshot would mean the journal cannot fill a gap, so it ends the stream.
    private func follower(_ output: AsyncStream<Data>.Continuation) -> EventFollower<Void> {
        let started = Atomic(false)
        return EventFollower<Void>(
            source: source, silence: silence, pageSize: Self.pageSize, endOnFailure: true,
            snapshot: { [start] () async throws(WireError) -> (snapshot: Void, sequence: Int64) in
                guard !started.exchange(true, ordering: .relaxed) else {
                    throw WireError(.notFound, "the journal cannot continue after event \(start)")
                }
                return ((), start)
            },
            deliver: { update in
                guard case .events(let events) = update else { return }
                for event in events {
                    if event.type == .operationAnnounced { announced() }
                    Self.emit(event, output)
                }
            })
    }

    /// One SSE block. A live event goes out as the broker published it (`Event.published`); one from a journal
    /// page is written as the broker writes it (an event journaled with the whole job comes out summed up, as it is
    /// read). The two are the same bytes for the same event.
    /// An event whose job's error names server paths is written anew without them (`ServerPaths`).
    static func block(_ event: Event) -> Data? {
        let id = String(event.sequence)
        let redacted = ServerPaths.redacted(event)
        if redacted == nil, let published = event.published { return SSE.event(id: id, event: event.type.rawValue, bytes: published) }
        var json = JSONWriter(capacity: 1_024)
        guard (try? (redacted ?? event).write(to: &json)) != nil else { return nil }
        return SSE.event(id: id, event: event.type.rawValue, bytes: json.bytes)
    }

    private static func emit(_ event: Event, _ output: AsyncStream<Data>.Continuation) {
        if let block = block(event) { output.yield(block) }
    }
}
