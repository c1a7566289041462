import Testing

@testable import WorkerRuntime

@Suite struct SuspendedJobsTests {
    static func key(_ n: Int, attempt: Int = 1) -> SuspendedJobs.Key { .init(job: "job-\(n)", attempt: attempt) }

    @Test func pastTheLimitTheOldestWaitingTaskIsLetGo() {
        var suspended = SuspendedJobs(limit: 3)
        for n in 1...3 { #expect(suspended.suspend(Self.key(n)).isEmpty) }
        #expect(suspended.suspend(Self.key(4)) == [Self.key(1)])
        #expect(suspended.suspend(Self.key(5)) == [Self.key(2)])
        #expect(suspended.count == 3)
    }

    @Test func anAnsweredTaskNoLongerCountsAndIsNeverLetGo() {
        var suspended = SuspendedJobs(limit: 2)
        _ = suspended.suspend(Self.key(1))
        _ = suspended.suspend(Self.key(2))
        suspended.resume(Self.key(1))
        #expect(suspended.suspend(Self.key(3)).isEmpty, "job-1 was answered: two wait, within the limit")
        #expect(suspended.suspend(Self.key(4)) == [Self.key(2)])
        suspended.resume(Self.key(99))
        #expect(suspended.count == 2)
    }

    @Test func aReplayOnThisWorkerIsAnotherAttemptAndTheOldOnesEndDoesNotFreeIt() {
        var suspended = SuspendedJobs(limit: 1)
        _ = suspended.suspend(Self.key(1))
        #expect(suspended.suspend(Self.key(2)) == [Self.key(1)])
        #expect(suspended.suspend(Self.key(1, attempt: 2)) == [Self.key(2)])
        suspended.resume(Self.key(1))
        #expect(suspended.count == 1, "the first attempt's late end leaves the replay waiting")
        #expect(suspended.suspend(Self.key(3)) == [Self.key(1, attempt: 2)])
    }

    @Test func manyWaitsCompactTheOrderAndLetGoWhatASimpleListWould() {
        var suspended = SuspendedJobs(limit: 100)
        // The same rule on a plain list, oldest first: what the compacting order must agree with.
        var model: [SuspendedJobs.Key] = []
        var dropped: [SuspendedJobs.Key] = []
        var modelDropped: [SuspendedJobs.Key] = []
        for n in 0..<10_000 {
            dropped += suspended.suspend(Self.key(n))
            model.append(Self.key(n))
            while model.count > 100 { modelDropped.append(model.removeFirst()) }
            // Two of every three are answered a little later, so stale places pile up in the order.
            if n >= 5, n % 3 != 0 {
                suspended.resume(Self.key(n - 5))
                model.removeAll { $0 == Self.key(n - 5) }
            }
        }
        #expect(dropped == modelDropped)
        #expect(suspended.count == model.count)
        #expect(!dropped.isEmpty)
    }
}
