import Presentation
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct CancellationTests {
    @Test func cancellingWhileAQuestionWaitsWithdrawsItAndStopsTheOperation() async throws {
        let counter = Counter()
        let operation = Scripted<Int> { job in
            _ = try await job.present(deleteDialog)
            return try await job.step("delete") { counter.increment() }
        }
        let harness = OperationHarness(operation)
        let run = await harness.run(.init()) { _ in
            harness.cancel()
            return .answer("delete")
        }
        #expect(run.wasCancelled)
        #expect(run.resolutions.map(\.cause) == [.withdrawn])
        #expect(counter.value == 0)
        #expect(run.steps.isEmpty)
    }

    @Test func cancellationReachesAnOperationInTheMiddleOfItsWork() async throws {
        let (started, signal) = AsyncStream.makeStream(of: Void.self)
        let operation = Scripted<Bool> { job in
            signal.yield()
            do {
                try await Task.sleep(for: .seconds(60))
            } catch is CancellationError {
                throw JobError(code: "stopped", message: "saw the cancellation")
            }
            return true
        }
        let harness = OperationHarness(operation)
        async let run = harness.run(.init())
        for await _ in started { break }
        harness.cancel()
        #expect(await run.jobError?.code == "stopped")
    }

    @Test func cancellingBeforeTheRunStopsTheOperationBeforeItsFirstStep() async throws {
        let counter = Counter()
        let operation = Scripted<Int> { job in try await job.step("write") { counter.increment() } }
        let harness = OperationHarness(operation)
        harness.cancel()
        let run = await harness.run(.init())
        #expect(run.wasCancelled)
        #expect(counter.value == 0)
    }
}
