import Client
import Foundation
import Log
import Presentation
import Synchronization
import Webhooks
import Wire

extension MailNotifier {
    /// Follows the broker's events from the outbox's cursor, writing each batch's mails before taking the next.
    func follow() async {
        let follower = EventFollower<Void>(
            source: source, silence: options.silence, pageSize: options.pageSize,
            snapshot: { [store] () async throws(WireError) -> (snapshot: Void, sequence: Int64) in
                do {
                    return ((), try store.cursor())
                } catch {
                    throw WireError(.internal, "\(error)")
                }
            },
            report: { [log] error in log.debug("cannot follow the broker's events: \(error.message)") },
            deliver: { [self] update in
                guard case .events(let events) = update else { return }
                await write(events)
            })
        try? await follower.run()
    }

    /// Writes the mails of `events`, trying again after a pause until it works or the task is cancelled:
    /// what is not written stays behind the durable cursor.
    func write(_ events: [Event]) async {
        let mailed = events.filter { MailKind($0.type) != nil }
        let catalogs = mailed.isEmpty ? [:] : await texts()
        var failures = 0
        while !Task.isCancelled {
            do {
                let added = try enqueue(events, catalogs: catalogs, now: Date())
                if added > 0 { doorbell.ring() }
                return
            } catch {
                failures += 1
                if failures == 1 { log.error("cannot write mail: \(error)") }
                try? await Task.sleep(for: .milliseconds(min(5_000, 250 * failures)))
            }
        }
    }

    /// Adds the mails `events` call for, in one transaction with the cursor; returns how many.
    func enqueue(_ events: [Event], catalogs: [String: Catalog], now: Date) throws(MailError) -> Int {
        guard let keys = keys() else { throw MailError(.invalidSettings, "no answer link key is in force: mail waits until one is") }
        let composer = composer.withLock { MailComposer(from: $0.from, publicURL: $0.publicURL, keys: keys) }
        let (directory, kinds) = (directory, options.kinds)
        return try store.enqueue(events, now: now) { event, known in
            guard let plan = MailPlan.of(event, known: known, directory: directory) else { return nil }
            guard kinds.contains(plan.kind) else { return (plan, []) }
            let texts = catalogs[plan.question.operation] ?? Catalog([:])
            let messages = plan.recipients.compactMap { name -> (name: String, message: MailMessage)? in
                guard let person = directory.people.byName[name] else { return nil }
                let message = composer.mail(
                    plan.kind, about: plan.question.presentation, operation: plan.question.operation, resolution: event.resolution, approvals: event.approvals,
                    for: name,
                    person, texts: texts, sequence: event.sequence, now: now)
                return (name, message)
            }
            return (plan, messages)
        }
    }
}
