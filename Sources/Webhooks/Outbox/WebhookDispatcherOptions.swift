public import Foundation
public import SQLite

extension WebhookDispatcher {
    /// How the dispatcher stores, retries and sends; the `interlude` command reads it from the settings.
    public struct Options: Sendable {
        /// The folder holding `gateway.sqlite`.
        public var folder: URL
        /// SQLite durability of the outbox.
        public var synchronous: Synchronous
        /// Attempts per delivery before it is dead-lettered.
        public var maxAttempts: Int
        /// The first retry's delay ceiling; doubles per attempt, with full jitter.
        public var backoff: Duration
        /// The longest delay between attempts, `Retry-After` included.
        public var maxBackoff: Duration
        /// How long one attempt may take.
        public var timeout: Duration
        /// Endpoints served at once, each by one round at a time.
        public var concurrency: Int
        /// Attempts in flight at once to one endpoint (8 by default; they may arrive out of event order);
        /// 1 delivers strictly one at a time in event order.
        public var inFlight: Int
        /// The gateway's base URL for answer links, without a trailing slash.
        public var publicURL: String
        /// Events asked for per catch-up page.
        public var pageSize: Int
        /// How long without an event or heartbeat counts as lost contact with the broker's events.
        public var silence: Duration

        /// Deliveries one round takes from an endpoint at most: their attempts are counted in one commit and
        /// their results recorded in one more.
        var batch: Int { max(64, inFlight) }

        /// Options with the settings' defaults.
        public init(
            folder: URL, synchronous: Synchronous = .full, maxAttempts: Int = 8,
            backoff: Duration = .seconds(1), maxBackoff: Duration = .seconds(3600), timeout: Duration = .seconds(5),
            concurrency: Int = 4, inFlight: Int = 8, publicURL: String = "http://127.0.0.1:8080", pageSize: Int = 1_000, silence: Duration = .seconds(5)
        ) {
            self.folder = folder
            self.synchronous = synchronous
            self.maxAttempts = max(1, maxAttempts)
            self.backoff = backoff
            self.maxBackoff = maxBackoff
            self.timeout = timeout
            self.concurrency = max(1, concurrency)
            self.inFlight = max(1, inFlight)
            self.publicURL = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
            self.pageSize = max(1, pageSize)
            self.silence = silence
        }

        var retryPolicy: WebhookRetryPolicy {
            WebhookRetryPolicy(maxAttempts: maxAttempts, base: Self.seconds(backoff), cap: Self.seconds(maxBackoff))
        }

        static func seconds(_ duration: Duration) -> TimeInterval {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
    }
}
