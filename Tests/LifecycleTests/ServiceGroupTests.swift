import Foundation
import Lifecycle
import Log
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A group of services") struct ServiceGroupTests {
    let quiet = Log("test", level: .off)

    @Test("A graceful shutdown stops the services in reverse order, each after the one started after it")
    func reverseOrder() async throws {
        let recorder = Recorder()
        let group = ServiceGroup(
            ["a", "b", "c"].map { Waiting(name: $0, recorder: recorder) }, gracePeriod: .seconds(30), signals: [], log: quiet)
        let running = Task { try await group.run() }
        for name in ["a", "b", "c"] { await recorder.wait(for: "\(name) started") }
        group.triggerGracefulShutdown()
        try await running.value
        #expect(recorder.all.filter { $0.hasSuffix("shut down") } == ["c shut down", "b shut down", "a shut down"])
    }

    @Test("The first failure stops the others gracefully and is what run() throws")
    func firstFailurePropagates() async throws {
        let recorder = Recorder()
        let group = ServiceGroup(
            [Waiting(name: "a", recorder: recorder), Failing(recorder: recorder), Waiting(name: "c", recorder: recorder)],
            gracePeriod: .seconds(30), signals: [], log: quiet)
        let running = Task { try await group.run() }
        for entry in ["a started", "failing started", "c started"] { await recorder.wait(for: entry) }
        recorder.note("fail now")
        await #expect(throws: Failing.Failure()) { try await running.value }
        #expect(recorder.all.filter { $0.hasSuffix("shut down") } == ["c shut down", "a shut down"])
    }

    @Test("A service still running when the grace period ends is cancelled, and the group ends")
    func gracePeriodCancels() async throws {
        let recorder = Recorder()
        let group = ServiceGroup(
            [Waiting(name: "a", recorder: recorder), Stubborn(recorder: recorder)], gracePeriod: .milliseconds(100), signals: [],
            log: quiet)
        let running = Task { try await group.run() }
        for entry in ["a started", "stubborn started"] { await recorder.wait(for: entry) }
        group.triggerGracefulShutdown()
        try await running.value
        #expect(recorder.all.contains("stubborn cancelled"))
        #expect(recorder.all.contains("a cancelled"), "a was never asked gently: the stubborn one after it never ended")
    }

    @Test("A service that ends by itself stops the others")
    func anEndedServiceStopsTheGroup() async throws {
        struct Brief: Service {
            let recorder: Recorder
            func run() async throws {
                await recorder.wait(for: "a started")
            }
        }
        let recorder = Recorder()
        let group = ServiceGroup([Waiting(name: "a", recorder: recorder), Brief(recorder: recorder)], signals: [], log: quiet)
        try await group.run()
        #expect(recorder.all == ["a started", "a shut down"])
    }

    @Test("Cancelling the task that runs the group cancels every service")
    func cancellationReachesEveryService() async throws {
        let recorder = Recorder()
        let group = ServiceGroup(["a", "b"].map { Waiting(name: $0, recorder: recorder) }, signals: [], log: quiet)
        let running = Task { try await group.run() }
        for name in ["a", "b"] { await recorder.wait(for: "\(name) started") }
        running.cancel()
        try await running.value
        #expect(Set(recorder.all.filter { $0.hasSuffix("cancelled") }) == ["a cancelled", "b cancelled"])
    }

    @Test("SIGTERM sent to the process shuts the group down gracefully")
    func sigtermShutsDown() async throws {
        let recorder = Recorder()
        let group = ServiceGroup([Waiting(name: "a", recorder: recorder)], signals: [.terminate], log: quiet)
        let running = Task { try await group.run() }
        await recorder.wait(for: "a started")
        kill(getpid(), SIGTERM)
        try await running.value
        #expect(recorder.all == ["a started", "a shut down"])
    }
}
