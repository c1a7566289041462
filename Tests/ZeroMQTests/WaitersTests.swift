import Testing
import ZeroMQ

/// Replies matched to waiters by key.
@Suite struct WaitersTests {
    @Test("A reply to an expected key that comes before the wait is kept for it")
    func anEarlyReplyIsKeptForAnExpectedKey() async throws {
        let waiters = Waiters<String, Int>()
        waiters.expect("q1")
        waiters.resolve("q1", 7)
        #expect(try await waiters.wait(for: "q1") == 7)
    }

    @Test("A reply to a key nobody expects or waits for is dropped")
    func anUnexpectedReplyIsDropped() async throws {
        let waiters = Waiters<String, Int>()
        waiters.resolve("q1", 8)
        let waiting = Task { try await waiters.wait(for: "q1") }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }

    @Test("An early failure is kept too, and a forgotten key keeps nothing")
    func anEarlyFailureIsKeptAndForgettingDropsIt() async throws {
        struct Refused: Error {}
        let waiters = Waiters<String, Int>()
        waiters.expect("q1")
        waiters.fail("q1", Refused())
        await #expect(throws: Refused.self) { try await waiters.wait(for: "q1") }
        waiters.expect("q2")
        waiters.resolve("q2", 1)
        waiters.forget("q2")
        let waiting = Task { try await waiters.wait(for: "q2") }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
