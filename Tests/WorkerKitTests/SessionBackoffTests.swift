import Testing
@testable import WorkerRuntime

@Suite struct SessionBackoffTests {
    @Test func waitsDoubleUpToEightSecondsAndMovingOnWaitsAtMostHalfASecond() {
        var backoff = SessionBackoff()
        let moves = (0..<4).map { _ in backoff.wait(after: .moveOn("standing by"), welcomed: false) }
        #expect(moves == [0.25, 0.5, 0.5, 0.5])
        let silences = (0..<3).map { _ in backoff.wait(after: .silent, welcomed: false) }
        #expect(silences == [4, 8, 8])
    }

    @Test func aBrokerThatTookTheWorkerStartsTheWaitsOver() {
        var backoff = SessionBackoff()
        // A failover walked the list of brokers for a while: the wait has grown to its longest.
        for _ in 0..<6 { _ = backoff.wait(after: .moveOn("cannot be reached"), welcomed: false) }
        #expect(backoff.current == SessionBackoff.longest)
        // The active broker took the worker, then went silent much later: the worker tries the next one soon.
        #expect(backoff.wait(after: .silent, welcomed: true) == SessionBackoff.first)
        #expect(backoff.wait(after: .silent, welcomed: false) == 0.5)
    }
}
