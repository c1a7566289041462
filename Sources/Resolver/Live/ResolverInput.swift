import Client
import Presentation
import Wire

/// Everything that can happen to a running resolver, fed one at a time to its loop.
enum ResolverInput: Sendable {
    /// The snapshot, or the next event after it, from the event follower.
    case followed(EventFollower<BrokerReply.PendingSnapshot>.Update)
    /// A fetch of the follower failed (it retries); before the first snapshot, the run ends with it.
    case trouble(WireError)
    /// A key from the terminal.
    case key(KeyInput)
    /// The terminal's input ended.
    case keysEnded
    /// The broker replied to our answer to this presentation (or the request failed).
    case reply(String, Result<Resolution, WireError>)
    /// Quit (a signal).
    case stop
    /// A second passed (a countdown on screen moves).
    case tick
    /// The job we just answered did not ask again soon: the place kept for its next question is let go.
    case letGo(String)
}

/// Stops a running resolver from anywhere (a signal handler's task).
public struct ResolverStopper: Sendable {
    let feed: AsyncStream<ResolverInput>.Continuation

    /// Asks the resolver to quit; its terminal is restored on the way out.
    public func stop() {
        feed.yield(.stop)
    }
}
