import Foundation
import Lifecycle
import Log
import Synchronization
import Testing

/// A service whose loop blocks its own thread, as socket loops do, until its stop pipe is written.
private final class BlockingLoop: Service {
    private let pipe = Pipe()
    let stops = Atomic<Int>(0)

    func run() async throws {
        let reader = pipe.fileHandleForReading
        try await runOnOwnThread(
            named: "test-loop", { _ = reader.availableData },
            stop: { [self] in
                stops.add(1, ordering: .relaxed)
                pipe.fileHandleForWriting.write(Data([1]))
            })
    }
}

@Suite("Services on threads of their own") struct ThreadServiceTests {
    @Test("Blocking loops on their own threads leave the cooperative pool free, and stop once each when the group stops")
    func blockingLoopsDoNotHoldThePool() async throws {
        // More blocking loops than the machine has cores: were they on the cooperative pool, nothing
        // else could run until they stopped.
        let loops = (0..<(ProcessInfo.processInfo.activeProcessorCount + 2)).map { _ in BlockingLoop() }
        let group = ServiceGroup(loops, signals: [], log: Log("test", level: .off))
        let running = Task { try await group.run() }
        let answered = await Task { 41 + 1 }.value
        #expect(answered == 42)
        group.triggerGracefulShutdown()
        try await running.value
        #expect(loops.map { $0.stops.load(ordering: .relaxed) } == loops.map { _ in 1 })
    }

    @Test("A thread of its own carries its name, cut to the 15 bytes Linux keeps, where /proc and perf show it")
    func aThreadOfItsOwnIsNamedForTheKernel() async throws {
        #if os(Linux)
            let name = try await onOwnThread(named: "interlude-broker") {
                try String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(name == "interlude-broke")
        #endif
    }

    @Test("gracefulShutdown() outside a group ends only when the task is cancelled")
    func gracefulShutdownOutsideAGroup() async throws {
        let waiting = Task { try await gracefulShutdown() }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(!isShuttingDownGracefully)
    }
}
