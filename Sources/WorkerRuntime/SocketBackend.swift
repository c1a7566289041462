import Foundation
import JSON
import Presentation
import Synchronization
import Wire
import WorkerKit
import ZeroMQ

/// The `JobBackend` of a connected worker: questions and steps go to the broker and wait for it.
final class SocketBackend: JobBackend {
    /// One question of one attempt: a replay of the job asks the same sequence again in another attempt.
    struct Resumption: Hashable, Sendable {
        let job: String
        let attempt: Int
        let sequence: Int
    }

    let post: @Sendable (WorkerMessage, String) -> Void
    let limits: MessageLimits
    let acks = Waiters<String, BrokerCommand>()
    let resumptions = Waiters<Resumption, Resolution>()
    private let counter = Atomic<Int>(0)
    private let lastProgress = Mutex<[String: ContinuousClock.Instant]>([:])
    /// The question each suspended job waits on, so releasing a job finds its waiter without a scan.
    private let asking = Mutex<[String: Resumption]>([:])
    /// The tasks waiting on an answer, oldest first, and what lets one go when there are too many.
    private let suspended: Mutex<SuspendedJobs>
    private let dropping = Mutex<DropHandler?>(nil)

    /// What lets a suspended task go, in a struct: a bare closure kept in a `Mutex` is re-wrapped (one more
    /// reabstraction layer) by every locked access, so each drop ran through a chain as long as the number of
    /// drops before it, and a worker slowed down with every job parked.
    private struct DropHandler {
        let call: @Sendable (SuspendedJobs.Key) -> Void
    }

    init(limits: MessageLimits, maxSuspended: Int, post: @escaping @Sendable (WorkerMessage, String) -> Void) {
        self.limits = limits
        self.post = post
        suspended = Mutex(SuspendedJobs(limit: maxSuspended))
    }

    /// Sets what lets a suspended task go when more than `maxSuspended` wait.
    func onDrop(_ handler: @escaping @Sendable (SuspendedJobs.Key) -> Void) {
        dropping.withLock { $0 = DropHandler(call: handler) }
    }

    private func correlation() -> String { "w\(counter.add(1, ordering: .relaxed).newValue)" }

    /// Sends a message and waits for the broker's acknowledgement; a refusal throws.
    private func acknowledged(_ message: WorkerMessage) async throws -> BrokerCommand {
        let id = correlation()
        let reply = try await acks.wait(for: id) { post(message, id) }
        if case .refused(let error) = reply { throw PresentationRefused(error) }
        return reply
    }

    func present(job: String, attempt: Int, sequence: Int, draft: Presentation.Draft) async throws -> Resolution {
        let key = Resumption(job: job, attempt: attempt, sequence: sequence)
        asking.withLock { $0[job] = key }
        defer { asking.withLock { if $0[job] == key { $0[job] = nil } } }
        // A resume kept from before the question leaves: an answer can arrive right after the
        // acknowledgement, before this task runs again to wait for it.
        resumptions.expect(key)
        do {
            // Checked here as the broker would: a question too large would only be refused there.
            do { try limits.check(question: draft) } catch { throw PresentationRefused(error) }
            _ = try await acknowledged(.present(.init(job: job, attempt: attempt, sequence: sequence, draft: draft)))
        } catch {
            resumptions.forget(key)
            throw error
        }
        // Suspended from here on: past `maxSuspended`, the oldest waiting task is let go. A question with a
        // secure field is never let go: its value reaches this task once, and a replay would not have it.
        guard !(draft.fields ?? []).contains(where: { $0.kind == .secure }) else { return try await resumptions.wait(for: key) }
        let waiting = SuspendedJobs.Key(job: job, attempt: attempt)
        let dropped = suspended.withLock { $0.suspend(waiting) }
        defer { suspended.withLock { $0.resume(waiting) } }
        if !dropped.isEmpty, let drop = dropping.withLock({ $0?.call }) { dropped.forEach(drop) }
        return try await resumptions.wait(for: key)
    }

    func recordStep(job: String, attempt: Int, name: String, value: RawJSON) async throws {
        try limits.check(value: value, "the value of step \(name)")
        _ = try await acknowledged(.step(.init(job: job, attempt: attempt, name: name, value: value)))
    }

    func withdraw(job: String, attempt: Int) async throws {
        post(.withdraw(.init(job: job, attempt: attempt)), "")
    }

    func progress(job: String, attempt: Int, done: Int64, total: Int64) {
        let now = ContinuousClock.now
        let due = lastProgress.withLock { last in
            guard done >= total || last[job].map({ now - $0 >= .milliseconds(200) }) ?? true else { return false }
            last[job] = now
            return true
        }
        if due { post(.progress(.init(job: job, attempt: attempt, done: done, total: total)), "") }
    }

    /// This attempt of the job ended here: stop waiting for anything of it. A later attempt of the same
    /// job (replayed on this worker while the cancelled one winds down) keeps its wait. Constant time, so
    /// dropping every job of a worker that holds thousands of suspended ones costs time linear in their number.
    func release(_ job: String, attempt: Int) {
        let waiting = asking.withLock { asking -> Resumption? in
            guard asking[job]?.attempt == attempt else { return nil }
            return asking.removeValue(forKey: job)
        }
        if let waiting { resumptions.fail(waiting, CancellationError()) }
        lastProgress.withLock { $0[job] = nil }
    }
}
