import Foundation
import HTTPServer
import Testing
import TestSupport

/// A handler's task runs on its connection's thread while that thread waits: awaits, child tasks and
/// actor calls complete there for many connections at once, and a handler still running when the
/// server stops finishes elsewhere instead of being stranded.
@Suite struct HTTPConnectionExecutorTests {
    actor Counter {
        var value = 0
        func add() { value += 1 }
    }

    @Test func childTasksSleepsAndActorsCompleteOnManyConnectionsAtOnce() async throws {
        let counter = Counter()
        let server = try HTTPServer { _ in
            let sum = await withTaskGroup(of: Int.self) { group in
                for n in 1...4 {
                    group.addTask {
                        try? await Task.sleep(for: .milliseconds(5))
                        await counter.add()
                        return n
                    }
                }
                return await group.reduce(0, +)
            }
            return HTTPResponse(status: 200, body: Data("\(sum)".utf8))
        }
        defer { server.stop() }
        let replies = try await withThrowingTaskGroup(of: HTTPReply.self) { group in
            for _ in 0..<32 { group.addTask { try await fetch(port: server.port, "/", timeout: 30) } }
            return try await group.reduce(into: [HTTPReply]()) { $0.append($1) }
        }
        #expect(replies.count == 32)
        #expect(replies.allSatisfy { $0.status == 200 && $0.text == "10" }, "\(replies.map(\.text))")
        #expect(await counter.value == 128)
    }

    @Test func aHandlerStillRunningWhenTheServerStopsFinishesOffItsThread() async throws {
        let started = Signal()
        let finished = Signal()
        let server = try HTTPServer { _ in
            started.fire()
            // A wait that ignores cancellation and outlives the shutdown grace: the handler resumes
            // after the connection thread stopped running jobs.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) { continuation.resume() }
            }
            finished.fire()
            return HTTPResponse(status: 200)
        }
        let request = Task { try? await fetch(port: server.port, "/", timeout: 30) }
        try await started.wait(seconds: 30)
        try await withTimeout(30) { await server.stopped() }
        try await finished.wait(seconds: 30)
        _ = await request.value
    }
}
