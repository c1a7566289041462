import Foundation
import Presentation
import Synchronization
import Testing
import Wire
import ZeroMQ

@testable import WorkerRuntime

/// A worker past `maxSuspended` lets its oldest task go at the same cost however many went before.
@Suite struct SocketBackendDropTests {
    /// Answers every question with its acknowledgement at once, as the broker would.
    final class Broker: Sendable {
        let backend: Mutex<SocketBackend?> = Mutex(nil)

        func post(_ message: WorkerMessage, _ correlation: String) {
            guard case .present(let present) = message, let backend = backend.withLock({ $0 }) else { return }
            let presentation = try! Presentation(present.draft, id: "prs-\(present.job)", job: present.job, sequence: present.sequence, createdAt: Date())
            backend.acks.resolve(correlation, .presented(presentation))
        }
    }

    @Test func theDropHandlerRunsAtTheSameStackDepthAfterThousandsOfDrops() async throws {
        let broker = Broker()
        let backend = SocketBackend(limits: .standard, maxSuspended: 1) { broker.post($0, $1) }
        broker.backend.withLock { $0 = backend }
        let depths = Mutex<[Int]>([])
        backend.onDrop { key in
            depths.withLock { $0.append(Thread.callStackReturnAddresses.count) }
            backend.release(key.job, attempt: key.attempt)
        }
        let draft = Presentation.Draft.alert("Continue?", actions: [Action(id: "ok", label: "OK")])
        let drops = 2_000
        // One at a time: each new question lets the one before it go (at most one suspended).
        for number in 0...drops {
            Task { _ = try? await backend.present(job: "job-\(number)", attempt: 1, sequence: 1, draft: draft) }
            let deadline = ContinuousClock.now + .seconds(20)
            while depths.withLock({ $0.count }) < number, ContinuousClock.now < deadline { await Task.yield() }
        }
        let seen = depths.withLock { $0 }
        #expect(seen.count == drops)
        let first = try #require(seen.first)
        #expect(seen.allSatisfy { $0 <= first + 2 }, "the handler's stack grew from \(first) to \(seen.max() ?? 0) frames")
        backend.release("job-\(drops)", attempt: 1)
    }
}
