/// A long-running part of the system: the broker loop, a worker, the HTTP server, the webhook
/// dispatcher, an event follower.
///
/// `run()` does the work and returns when its task is cancelled or a graceful shutdown is signalled
/// (see `withGracefulShutdownHandler`), having released what it holds; it throws when it fails. A
/// `ServiceGroup` starts services together and stops them in reverse order.
public protocol Service: Sendable {
    /// Runs until cancelled or gracefully shut down; throws if the service fails.
    func run() async throws
}
