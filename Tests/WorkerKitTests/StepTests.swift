import Presentation
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct StepTests {
    @Test func aStepRunsOnceAndAReplayReturnsItsRecordedResult() async throws {
        let counter = Counter()
        let operation = Scripted<Int> { job in
            try await job.step("write") { counter.increment() * 10 }
        }
        let first = await OperationHarness(operation).run(.init())
        #expect(try first.result.get() == 10)
        #expect(first.steps == [RecordedStep(name: "write", value: .integer(10))])

        let replay = await OperationHarness(operation, history: first.history).run(.init())
        #expect(try replay.result.get() == 10)
        #expect(counter.value == 1, "the body did not run again")
        #expect(replay.steps.isEmpty, "nothing new was recorded")
    }

    @Test func aStepNameUsedAgainGetsANumberedSuffix() async throws {
        let operation = Scripted<[String]> { job in
            var copied: [String] = []
            for file in ["a", "b", "c"] {
                copied.append(try await job.step("copy") { file })
            }
            copied.append(try await job.step("verify") { "ok" })
            return copied
        }
        let run = await OperationHarness(operation).run(.init())
        #expect(run.stepNames == ["copy", "copy#2", "copy#3", "verify"])
        #expect(try run.result.get() == ["a", "b", "c", "ok"])
    }

    @Test func aStepThatThrowsIsNotRecorded() async throws {
        let operation = Scripted<Int> { job in
            try await job.step("fail") { () throws -> Int in throw JobError(code: "broken", message: "it broke") }
        }
        let run = await OperationHarness(operation).run(.init())
        #expect(run.jobError?.code == "broken")
        #expect(run.steps.isEmpty)
    }

    @Test func progressReportsAreRecordedInOrder() async throws {
        let operation = Scripted<Bool> { job in
            for done in stride(from: 0, through: 30, by: 10) { job.progress(done: Int64(done), total: 30) }
            return true
        }
        let run = await OperationHarness(operation).run(.init())
        #expect(run.progress.map(\.done) == [0, 10, 20, 30])
        #expect(run.progress.allSatisfy { $0.total == 30 })
    }

    @Test func withdrawIsRecorded() async throws {
        let operation = Scripted<Bool> { job in
            try await job.withdraw()
            return true
        }
        let run = await OperationHarness(operation).run(.init())
        #expect(run.withdrawals == 1)
    }
}
