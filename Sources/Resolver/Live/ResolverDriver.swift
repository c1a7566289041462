import Client
import Foundation
import Presentation
import Wire

/// The thin I/O shell around `ResolverSession`: feeds it the snapshot, live events, pages, ticks,
/// keys and answer replies, one at a time, and performs what it says.
///
/// Socket work stays on `BrokerClient`'s and `EventSubscription`'s threads and key reading on
/// `KeyReader`'s; here only awaits. Answers and fetches run as tasks whose results come back as
/// inputs, so events keep flowing while an answer is in flight.
public final class ResolverDriver {  // not Sendable: used only by the task that calls `run`
    let options: ResolverOptions
    let client: BrokerClient
    let output: ResolverOutput
    var session: ResolverSession
    let inputs: AsyncStream<ResolverInput>
    let feed: AsyncStream<ResolverInput>.Continuation
    /// The presentation whose dialog is on screen, waiting for a key.
    var displayed: PendingEntry?
    /// The presentation whose dialog was drawn last, so its outcome line needs no name.
    var lastShown: String?
    /// Whether the "waiting for new ones" line is the last thing on screen.
    var idle = false
    /// Presentations the policy has looked at; it decides each once.
    var decided: Set<String> = []
    var refusals = 0
    var quitting = false

    /// A resolver answering through `client` as `options` say.
    public init(options: ResolverOptions, client: BrokerClient, output: ResolverOutput = .standard) {
        self.options = options
        self.client = client
        self.output = output
        session = ResolverSession(once: options.once, silenceTicks: options.silenceTicks)
        (inputs, feed) = AsyncStream.makeStream(of: ResolverInput.self)
    }

    /// A handle that makes `run` return.
    public var stopper: ResolverStopper { ResolverStopper(feed: feed) }

    /// Takes the snapshot (after the caller subscribed to `events`), then follows events and keys
    /// until `q`, Ctrl-C, `stop()`, or — with `once` — until what was pending is handled.
    public func run(events: AsyncStream<Event>, keys: AsyncStream<KeyInput>?) async throws(WireError) -> ResolverOutcome {
        let pumps = startPumps(events: events, keys: keys)
        defer {
            for pump in pumps { pump.cancel() }
            feed.finish()
        }
        let snapshot = try await client.allPending()
        if !options.interactive { output.log("following events after sequence \(snapshot.sequence); \(snapshot.presentations.count) pending") }
        await perform(session.start(snapshot))
        if options.once, snapshot.presentations.isEmpty { noteNothingPending() }
        advance()
        if !done {
            for await input in inputs {
                await handle(input)
                advance()
                if done { break }
            }
        }
        if options.interactive { output.screen("\n") }
        return refusals > 0 ? .answersRefused : .finished
    }

    private var done: Bool { quitting || (options.once && session.isFinished) }

    private func startPumps(events: AsyncStream<Event>, keys: AsyncStream<KeyInput>?) -> [Task<Void, Never>] {
        var pumps = [
            Task { [feed] in for await event in events { feed.yield(.event(event)) } },
            Task { [feed, tick = options.tick] in
                while (try? await Task.sleep(for: tick)) != nil { feed.yield(.tick) }
            },
        ]
        if let keys {
            pumps.append(Task { [feed] in
                for await key in keys { feed.yield(.key(key)) }
                feed.yield(.keysEnded)
            })
        }
        return pumps
    }

    private func handle(_ input: ResolverInput) async {
        switch input {
        case .event(let event): await perform(session.receive(event))
        case .page(.success(let page)): await perform(session.receive(page))
        case .snapshot(.success(let snapshot)): await perform(session.start(snapshot))
        case .page(.failure(let error)), .snapshot(.failure(let error)):
            session.fetchFailed()
            output.log("cannot catch up with the broker yet (\(error.message)); retrying")
        case .reply(let id, let reply): await perform(session.answerReplied(id, reply))
        case .tick: await perform(session.tick())
        case .key(let key): press(key)
        case .keysEnded, .stop: quitting = true
        }
    }

    private func noteNothingPending() {
        guard !options.json else { return }
        output.line(text("none"))
    }
}
