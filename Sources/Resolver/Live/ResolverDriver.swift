import Client
import Foundation
import Presentation
public import Wire

/// The thin I/O shell around `ResolverSession`: feeds it what an `EventFollower` delivers (the
/// snapshot, then each event in order), keys and answer replies, one at a time, and performs what it says.
///
/// Socket work stays on the connection's threads and key reading on `KeyReader`'s; here only awaits.
/// Answers run as tasks whose replies come back as inputs, so events keep flowing while one is in flight.
public final class ResolverDriver {  // not Sendable: used only by the task that calls `run`
    let options: ResolverOptions
    let client: any ResolverBackend
    let output: ResolverOutput
    var session: ResolverSession
    let inputs: AsyncStream<ResolverInput>
    let feed: AsyncStream<ResolverInput>.Continuation
    /// The presentation whose dialog is on screen, waiting for a key.
    var displayed: PendingEntry?
    /// The text fields being typed for the chosen action of the displayed presentation.
    var editing: FieldEditing?
    /// The presentation whose dialog was drawn last, so its outcome line needs no name.
    var lastShown: String?
    /// Whether the "waiting for new ones" line is the last thing on screen.
    var idle = false
    /// The status line under the shown dialog as last drawn; nil when the dialog has none.
    var statusShown: String?
    /// Presentations the policy has looked at; it decides each once.
    var decided: Set<String> = []
    /// Presentations the policy answered: no person's place to keep after them.
    var byPolicy: Set<String> = []
    var refusals = 0
    var quitting = false
    /// The operations' texts, from the broker.
    var texts = AnnouncedTexts()

    /// A resolver answering through `client` (the broker's, or the gateway's) as `options` say.
    public init(options: ResolverOptions, client: any ResolverBackend, output: ResolverOutput = .standard) {
        self.options = options
        self.client = client
        self.output = output
        session = ResolverSession(once: options.once)
        (inputs, feed) = AsyncStream.makeStream(of: ResolverInput.self)
    }

    /// A handle that makes `run` return.
    public var stopper: ResolverStopper { ResolverStopper(feed: feed) }

    /// Follows the backend's pending questions (subscribed first, then the snapshot) and keys until `q`,
    /// Ctrl-C, `stop()`, or — with `once` — until what was pending is handled. A backend that cannot give
    /// the first snapshot ends the run with its error; later failures are retried.
    public func run(keys: AsyncStream<KeyInput>?) async throws(WireError) -> ResolverOutcome {
        let (client, silence, feed) = (client, options.silence, feed)
        var pumps = [
            Task {
                try? await client.followPending(
                    silence: silence, report: { error in feed.yield(.trouble(error)) }, deliver: { update in feed.yield(.followed(update)) })
            }
        ]
        if options.interactive {
            // Once a second: the countdown under a dialog with a deadline moves.
            pumps.append(
                Task { [feed] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .seconds(1))
                        feed.yield(.tick)
                    }
                })
        }
        if let keys {
            pumps.append(
                Task { [feed] in
                    for await key in keys { feed.yield(.key(key)) }
                    feed.yield(.keysEnded)
                })
        }
        defer {
            for pump in pumps { pump.cancel() }
            feed.finish()
        }
        await askForTexts()
        for await input in inputs {
            if case .trouble(let error) = input, !session.started { throw error }
            await handle(input)
            advance()
            refreshStatus()
            if done { break }
        }
        if options.interactive { output.screen("\n") }
        return refusals > 0 ? .answersRefused : .finished
    }

    private var done: Bool { quitting || (options.once && session.isFinished) }

    private func handle(_ input: ResolverInput) async {
        switch input {
        case .followed(.snapshot(let snapshot)):
            let first = !session.started
            if first, !options.interactive {
                output.log("following events after sequence \(snapshot.sequence); \(snapshot.presentations.count) pending")
            }
            if Set(snapshot.operations.values).contains(where: { texts.shouldAsk(about: $0) }) { await askForTexts() }
            await perform(session.start(snapshot))
            if first, options.once, snapshot.presentations.isEmpty { noteNothingPending() }
        case .followed(.events(let events)):
            var arrived = false
            for event in events {
                if event.type == .presentationPending, texts.shouldAsk(about: event.job?.operation) { await askForTexts() }
                // A new version of an operation's texts: ask again, so a running resolver shows them.
                if event.type == .operationAnnounced { await askForTexts() }
                let actions = session.receive(event)
                arrived = arrived || actions.contains { if case .presented = $0 { true } else { false } }
                await perform(actions)
            }
            if arrived { ring() }
        case .trouble(let error): output.log("cannot catch up with the broker yet (\(error.message)); retrying")
        case .reply(let id, let reply): await perform(session.answerReplied(id, reply))
        case .key(let key): press(key)
        case .keysEnded, .stop: quitting = true
        case .tick: break
        case .letGo(let job): session.letGo(job)
        }
    }

    /// Asks the broker for the operations' texts; without them the author's texts are shown.
    private func askForTexts() async {
        do {
            texts.learn(try await client.operations())
        } catch {
            output.log("cannot get the operations' texts (\(error.message)); showing their own")
        }
    }

    private func noteNothingPending() {
        guard !options.json else { return }
        output.line(text("none"))
    }
}
