public import Client
import Foundation
public import Lifecycle
public import Log
import Synchronization

/// Sends the broker's events to the configured webhook endpoints through a durable outbox.
///
/// It follows the event stream (live first, then the journal from its cursor, re-reading on a gap),
/// enqueues one delivery per event and interested endpoint in `<data>/gateway.sqlite`, and delivers
/// them signed over kept-alive connections, started in event order per endpoint (`inFlight` at once),
/// retrying with backoff until they succeed or are dead-lettered.
public final class WebhookDispatcher: Service {
    /// The endpoints deliveries go to; no other address is ever contacted.
    public let subscribers: WebhookSubscribers
    let options: Options
    let store: OutboxStore
    let source: any EventSource
    let client: WebhookHTTPClient
    let metrics = WebhookMetrics()
    let doorbell = Doorbell()
    let backlog = EventBacklog()
    let log: Log
    let inFlight = Mutex<Set<String>>([])
    let disabledEndpoints = Mutex<Set<String>>([])
    private let answerBase: Mutex<String>
    private let started = Atomic<Bool>(false)
    private let stopped: AsyncStream<Void>
    private let stopper: AsyncStream<Void>.Continuation

    /// A dispatcher with explicit subscribers and options; opens (creating) the outbox at once.
    public init(
        subscribers: WebhookSubscribers, options: Options, source: any EventSource, log: Log = Log("webhooks")
    ) throws(OutboxError) {
        self.subscribers = subscribers
        self.options = options
        self.store = try OutboxStore(folder: options.folder, synchronous: options.synchronous)
        self.source = source
        self.client = WebhookHTTPClient(timeout: options.timeout, connections: options.concurrency * options.inFlight)
        self.log = log
        answerBase = Mutex(options.publicURL)
        (stopped, stopper) = AsyncStream.makeStream(of: Void.self)
    }

    deinit {
        client.close()
    }

    /// Follows events and delivers until `stop()`, cancellation or a graceful shutdown; in-flight attempts are abandoned and
    /// retried by the next run. Runs once: a second call returns at once.
    public func run() async {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        prepare()
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { await self.follow() }
                group.addTask { await self.write() }
                group.addTask { await self.deliver() }
                for await _ in stopped {}
                group.cancelAll()
            }
        } onGracefulShutdown: {
            self.stop()
        }
        client.close()
    }

    /// The gateway's base URL that answer links in payloads start with (`options.publicURL` at first);
    /// set it before `run()` when the gateway's port is only known once it listens.
    public var publicURL: String {
        get { answerBase.withLock { $0 } }
        set { answerBase.withLock { $0 = newValue.hasSuffix("/") ? String(newValue.dropLast()) : newValue } }
    }

    /// Ends `run()`; safe to call more than once, and before `run()`.
    public func stop() {
        stopper.finish()
    }

    /// The newest `limit` deliveries, all or in one state, newest event first (for `GET /v1/webhooks/deliveries`).
    public func deliveries(state: WebhookDelivery.State? = nil, limit: Int = 50) throws(OutboxError) -> [WebhookDelivery] {
        try store.deliveries(state: state, limit: max(0, limit))
    }

    /// Prometheus text: `interlude_webhook_deliveries_total{result=…}` and `interlude_webhook_pending`.
    public func metricsText() -> String {
        metrics.text(pending: (try? store.pendingCount()) ?? 0)
    }

    /// Retires deliveries of endpoints no longer configured and remembers the disabled ones.
    private func prepare() {
        do {
            let retired = try store.disableAllBut(subscribers, now: Date())
            if retired > 0 { log.warning("\(retired) pending webhook deliveries are for endpoints no longer configured; disabled") }
            let disabled = try store.disabledKeys()
            disabledEndpoints.withLock { $0 = disabled }
            for subscriber in subscribers.all where disabled.contains(subscriber.key) {
                log.warning("webhook endpoint \(subscriber) is disabled: it answered 410 Gone")
            }
        } catch {
            log.error("\(error)")
        }
    }
}
