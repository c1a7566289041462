import Foundation
import HTTPClient
import Log
import Webhooks

extension MailNotifier {
    /// Sends due mails one at a time, oldest due first; sleeps until the next is due or new mail rings the doorbell.
    func deliver() async {
        let policy = WebhookRetryPolicy(maxAttempts: options.maxAttempts, base: Options.seconds(options.backoff), cap: 3_600)
        while !Task.isCancelled {
            var wake = Date().addingTimeInterval(60)
            do {
                let (due, next) = try store.due(at: Date(), limit: 16)
                if let next { wake = min(wake, next) }
                for mail in due where !Task.isCancelled { await attempt(mail, policy: policy) }
                if !due.isEmpty { continue }
            } catch {
                log.error("\(error)")
            }
            await doorbell.wait(timeout: .milliseconds(max(1, Int(wake.timeIntervalSinceNow * 1_000))))
        }
    }

    /// One attempt at `mail`, counted before it starts and recorded after it ends (never a password or a message in the log).
    private func attempt(_ mail: OutgoingMail, policy: WebhookRetryPolicy) async {
        let now = Date()
        do {
            guard mail.attempts < policy.maxAttempts else {
                // Only a crash during the last attempt leaves a pending mail with none left.
                try store.settle(mail.id, state: .failed, nextAttemptAt: nil, error: "the gateway stopped during the last attempt", now: now)
                metrics.count(.deadLettered)
                return
            }
            try store.begin(mail.id, retryAt: now.addingTimeInterval(policy.lease(timeout: Options.seconds(options.smtp.timeout))), now: now)
        } catch {
            log.error("\(error)")
            return
        }
        let number = mail.attempts + 1
        let failure: SMTPError?
        do {
            try await sender.send(from: options.from, to: [mail.address], message: mail.message)
            failure = nil
        } catch {
            failure = error
        }
        record(mail, attempt: number, failure: failure, policy: policy)
    }

    private func record(_ mail: OutgoingMail, attempt number: Int, failure: SMTPError?, policy: WebhookRetryPolicy) {
        let now = Date()
        let of = "attempt \(number) of \(policy.maxAttempts)"
        do {
            guard let failure else {
                try store.settle(mail.id, state: .sent, nextAttemptAt: nil, error: nil, now: now)
                metrics.count(.sent)
                log.info("mail \(mail.id) to \(mail.recipient) sent (\(of))")
                return
            }
            if failure.code == .cancelled {
                try store.settle(mail.id, state: .pending, nextAttemptAt: now, error: failure.description, uncounted: true, now: now)
                return
            }
            metrics.count(.failed)
            if number >= policy.maxAttempts {
                try store.settle(mail.id, state: .failed, nextAttemptAt: nil, error: failure.description, now: now)
                metrics.count(.deadLettered)
                log.warning("mail \(mail.id) to \(mail.recipient) dead-lettered after \(of): \(failure)")
            } else {
                let delay = policy.delay(afterAttempt: number, unit: { Double.random(in: 0...1) })
                try store.settle(mail.id, state: .pending, nextAttemptAt: now.addingTimeInterval(delay), error: failure.description, now: now)
                metrics.count(.retried)
                log.info("mail \(mail.id) to \(mail.recipient) failed (\(failure)), \(of); retry in \(String(format: "%.3f", delay)) s")
            }
        } catch {
            log.error("\(error)")
        }
    }
}
