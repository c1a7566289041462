import Presentation
import Wire

/// Everything that can happen to a running resolver, fed one at a time to its loop.
enum ResolverInput: Sendable {
    /// A live event or heartbeat.
    case event(Event)
    /// A key from the terminal.
    case key(KeyInput)
    /// The terminal's input ended.
    case keysEnded
    /// Time passed (`ResolverOptions.tick`).
    case tick
    /// A snapshot asked for with `fetchSnapshot` arrived, or could not be had.
    case snapshot(Result<BrokerReply.PendingSnapshot, WireError>)
    /// A catch-up page arrived, or could not be had.
    case page(Result<BrokerReply.EventPage, WireError>)
    /// The broker replied to our answer to this presentation (or the request failed).
    case reply(String, Result<Resolution, WireError>)
    /// Quit (a signal).
    case stop
}

/// Stops a running resolver from anywhere (a signal handler's task).
public struct ResolverStopper: Sendable {
    let feed: AsyncStream<ResolverInput>.Continuation

    /// Asks the resolver to quit; its terminal is restored on the way out.
    public func stop() {
        feed.yield(.stop)
    }
}
