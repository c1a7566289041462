public import Client
import Foundation
public import Gateway
import HTTPClient
public import Lifecycle
public import Log
public import Presentation
import Synchronization
import Webhooks

/// Mails questions to the people of their audience: it follows the broker's events from the outbox's
/// durable cursor, writes one mail per event and person into `<data>/mail.sqlite` (with signed answer
/// links), and sends them over SMTP one at a time, retrying with backoff until the server accepts them
/// or they are dead-lettered. Runs in the gateway, which holds the link key.
public final class MailNotifier: Service {
    let options: Options
    let store: MailStore
    let source: any EventSource
    let directory: Directory
    let composer: Mutex<MailComposer>
    let keys: @Sendable () -> LinkKeys?
    let texts: @Sendable () async -> [String: Catalog]
    let sender: SMTPSender
    let metrics = MailMetrics()
    let doorbell = Doorbell()
    let log: Log
    private let started = Atomic<Bool>(false)
    private let stopped: AsyncStream<Void>
    private let stopper: AsyncStream<Void>.Continuation

    /// A notifier mailing `directory`'s people, signing links with `keys` (and then with what `current`
    /// says is in force, when given: the gateway's keys after a reload), reading events from `source` and
    /// each operation's texts from `texts`; opens (creating) the outbox at once.
    public init(
        options: Options, keys: LinkKeys, current: (@Sendable () -> LinkKeys?)? = nil, directory: Directory, source: any EventSource,
        texts: @escaping @Sendable () async -> [String: Catalog],
        log: Log = Log("mail")
    ) throws(MailError) {
        self.options = options
        self.store = try MailStore(folder: options.folder, synchronous: options.synchronous)
        self.source = source
        self.directory = directory
        self.composer = Mutex(MailComposer(from: options.from, publicURL: options.publicURL, keys: keys))
        self.keys = current ?? { keys }
        self.texts = texts
        self.sender = SMTPSender(options.smtp)
        self.log = log
        (stopped, stopper) = AsyncStream.makeStream(of: Void.self)
    }

    /// The base URL links start with; set it before `run()` when the gateway's port is only known once it listens.
    public var publicURL: String {
        get { composer.withLock { $0.publicURL } }
        set { composer.withLock { $0 = MailComposer(from: $0.from, publicURL: newValue, keys: $0.keys) } }
    }

    /// Follows events and sends mail until `stop()`, cancellation or a graceful shutdown; a mail being
    /// sent then is sent again by the next run. Runs once: a second call returns at once.
    public func run() async {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.follow() }
                group.addTask { await self.deliver() }
                for await _ in stopped {}
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.stop()
        }
    }

    /// Ends `run()`; safe to call more than once, and before `run()`.
    public func stop() {
        stopper.finish()
    }

    /// Mails by state in the outbox.
    public func counts() throws(MailError) -> [OutgoingMail.State: Int] {
        try store.counts()
    }

    /// Prometheus text: `interlude_mail_attempts_total{result=…}` and `interlude_mail_pending`.
    public func metricsText() -> String {
        metrics.text(pending: (try? store.counts())?[.pending] ?? 0)
    }
}
