public import Foundation
public import HTTPClient
public import SQLite

extension MailNotifier {
    /// Where the outbox is, what is mailed, how mail is sent and retried; the `interlude` command reads it from the settings.
    public struct Options: Sendable {
        /// The folder holding `mail.sqlite`.
        public var folder: URL
        /// SQLite durability of the outbox.
        public var synchronous: Synchronous
        /// The SMTP server and how to reach it.
        public var smtp: SMTPSender.Options
        /// The sender's address (`From` and the envelope).
        public var from: String
        /// The gateway's base URL answer links start with.
        public var publicURL: String
        /// The kinds of mail sent.
        public var kinds: Set<MailKind>
        /// Attempts per mail before it is dead-lettered.
        public var maxAttempts: Int
        /// The first retry's delay ceiling; doubles per attempt, with full jitter, up to an hour.
        public var backoff: Duration
        /// Events asked for per catch-up page.
        public var pageSize: Int
        /// How long without an event or heartbeat counts as lost contact with the broker's events.
        public var silence: Duration

        /// Options with the settings' defaults.
        public init(
            folder: URL, smtp: SMTPSender.Options, from: String, synchronous: Synchronous = .full, publicURL: String = "http://127.0.0.1:8080",
            kinds: Set<MailKind> = Set(MailKind.allCases), maxAttempts: Int = 8, backoff: Duration = .seconds(5), pageSize: Int = 500,
            silence: Duration = .seconds(5)
        ) {
            self.folder = folder
            self.synchronous = synchronous
            self.smtp = smtp
            self.from = from
            self.publicURL = publicURL
            self.kinds = kinds
            self.maxAttempts = max(1, maxAttempts)
            self.backoff = backoff
            self.pageSize = max(1, pageSize)
            self.silence = silence
        }

        /// Seconds in `duration`.
        static func seconds(_ duration: Duration) -> TimeInterval {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
    }
}
