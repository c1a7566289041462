import Foundation
import Presentation
import Synchronization
import Testing
import Wire
import ZeroMQ

@testable import WorkerRuntime

/// The connected worker's backend: what the end of one attempt of a job may and may not stop.
@Suite struct SocketBackendTests {
    /// A backend whose messages to the broker arrive, with their correlation, on `sent`.
    struct Wired {
        let backend: SocketBackend
        let sent: AsyncStream<(WorkerMessage, String)>

        init() {
            let (sent, posted) = AsyncStream.makeStream(of: (WorkerMessage, String).self)
            self.sent = sent
            backend = SocketBackend(limits: .standard, maxSuspended: 10) { message, correlation in posted.yield((message, correlation)) }
        }

        /// Asks the first question of `attempt` of job `j` and acknowledges it as the broker would; returns the waiting task.
        func ask(attempt: Int, iterator: inout AsyncStream<(WorkerMessage, String)>.Iterator) async throws -> Task<Resolution, any Error> {
            let backend = backend
            let waiting = Task { try await backend.present(job: "j", attempt: attempt, sequence: 1, draft: SocketBackendTests.draft) }
            guard let (message, correlation) = await iterator.next(), case .present(let present) = message else {
                throw CancellationError()
            }
            #expect(present.attempt == attempt)
            let presentation = try Presentation(present.draft, id: "prs-\(attempt)", job: "j", sequence: 1, createdAt: Date())
            backend.acks.resolve(correlation, .presented(presentation))
            return waiting
        }
    }

    static let draft = Presentation.Draft.alert("Remove download?", actions: [Action(id: "remove", label: "Remove")])

    @Test func theEndOfACancelledAttemptLeavesTheReplaysQuestionWaiting() async throws {
        let wired = Wired()
        var sent = wired.sent.makeAsyncIterator()
        // Attempt 1 waits on its question; the broker is lost, so the worker lets every job go.
        let first = try await wired.ask(attempt: 1, iterator: &sent)
        wired.backend.release("j", attempt: 1)
        await #expect(throws: CancellationError.self) { try await first.value }

        // The new broker replays the job here, and the replay waits on the same question of attempt 2.
        let replay = try await wired.ask(attempt: 2, iterator: &sent)
        // Attempt 1's task winds down only now, and releases what it held.
        wired.backend.release("j", attempt: 1)
        // A stale resume for attempt 1 does not reach the replay either.
        let answer = Resolution(presentation: "prs-2", job: "j", cause: .answered, action: "remove", by: "ana", channel: "cli", at: Date())
        wired.backend.resumptions.resolve(.init(job: "j", attempt: 1, sequence: 1), answer)
        wired.backend.resumptions.resolve(.init(job: "j", attempt: 2, sequence: 1), answer)
        #expect(try await replay.value.action == "remove", "the replay got its answer instead of a cancellation")
    }
}
