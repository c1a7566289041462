import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A request waiting on its handler holds no thread: its connection is suspended and the response
/// resumes it, whether the response comes, times out, finds the client gone, or the server stops.
@Suite struct HTTPSuspendedConnectionTests {
    /// Handlers wait here until the test opens it; counts how many are waiting.
    final class Gate: Sendable {
        private struct State {
            var open = false
            var waiting = 0
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        private let state = Mutex(State())
        private let target: Int
        let full = Signal()

        init(target: Int) {
            self.target = target
        }

        /// Waits until `open()`, ignoring cancellation (a handler that never answers on its own).
        func wait() async {
            await withCheckedContinuation { continuation in
                let (resumeNow, reached) = state.withLock { state in
                    state.waiting += 1
                    if !state.open { state.waiters.append(continuation) }
                    return (state.open, state.waiting == target)
                }
                if reached { full.fire() }
                if resumeNow { continuation.resume() }
            }
        }

        func open() {
            let waiters = state.withLock { state in
                state.open = true
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters { waiter.resume() }
        }
    }

    static func request(_ path: String) -> Data {
        Data("GET \(path) HTTP/1.1\r\nHost: test\r\n\r\n".utf8)
    }

    /// The names of this process's threads.
    static func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    @Test func ninetySixRequestsInFlightAtOnceHoldNoThreadEach() async throws {
        let count = 96
        let gate = Gate(target: count)
        let server = try HTTPServer { request in
            await gate.wait()
            return HTTPResponse(status: 200, body: Data(request.path.utf8))
        }
        defer { server.stop() }
        let connections = try await onThread {
            try (0..<count).map { index in
                let connection = try RawConnection(port: server.port, timeout: .seconds(20))
                connection.send(Self.request("/\(index)"))
                return connection
            }
        }
        // Every handler is waiting at once: all the requests are in flight together.
        try await gate.full.wait(seconds: 20)
        let names = Self.threadNames()
        gate.open()
        let bodies = try await onThread { connections.map { $0.receiveResponse().map { String(decoding: $0.body, as: UTF8.self) } } }
        for connection in connections { connection.close() }
        #expect(bodies == (0..<count).map { Optional("/\($0)") })
        // libmicrohttpd's thread-per-connection mode names each connection's thread "MHD-connection".
        #expect(!names.contains("MHD-connection"), "\(names.filter { $0.hasPrefix("MHD") })")
        // One polling thread per server, and other suites' servers run beside this one: far fewer than the requests.
        let library = names.filter { $0.hasPrefix("MHD-") }
        #expect(library.count < count / 2, "\(library.count) libmicrohttpd threads with \(count) requests in flight")
    }

    @Test func aHandlersOwnTimeoutAnswersAndTheConnectionServesItsNextRequest() async throws {
        let server = try HTTPServer { request in
            guard request.path == "/wait" else { return HTTPResponse(status: 200, body: Data("next".utf8)) }
            // What a gateway route does with a broker reply that never comes.
            let answered = await withTaskGroup(of: Bool.self) { group in
                group.addTask { (try? await Task.sleep(for: .seconds(600))) != nil }
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(200))
                    return false
                }
                defer { group.cancelAll() }
                return await group.next() ?? false
            }
            return answered ? HTTPResponse(status: 200) : .error(504, code: "timeout", message: "no reply")
        }
        defer { server.stop() }
        let (first, second) = try await onThread { () -> (HTTPReply?, HTTPReply?) in
            let connection = try RawConnection(port: server.port, timeout: .seconds(20))
            defer { connection.close() }
            connection.send(Self.request("/wait"))
            let first = connection.receiveResponse()
            connection.send(Self.request("/next"))
            return (first, connection.receiveResponse())
        }
        #expect(first?.status == 504)
        #expect(first.map { String(decoding: $0.body, as: UTF8.self).contains("\"timeout\"") } == true)
        #expect(second?.status == 200)
        #expect(second?.body == Data("next".utf8))
    }

    @Test func aClientThatLeavesWhileSuspendedIsClosedAndCountedOnceAnswered() async throws {
        let gate = Gate(target: 1)
        let answered = Signal()
        let server = try HTTPServer { request in
            if request.path == "/count" { return HTTPResponse(status: 200, body: Data("\(request.openConnections)".utf8)) }
            await gate.wait()
            defer { answered.fire() }
            return HTTPResponse(status: 200, body: Data(repeating: 0x61, count: 1 << 16))
        }
        defer { server.stop() }
        try await onThread {
            let connection = try RawConnection(port: server.port, timeout: .seconds(20))
            connection.send(Self.request("/wait"))
            connection.close()
        }
        try await gate.full.wait(seconds: 20)
        gate.open()
        try await answered.wait(seconds: 20)
        // The answer finds the client gone: MHD closes the connection and the count falls back to the asker alone.
        let deadline = ContinuousClock.now + .seconds(10)
        var alone = try await RawConnection.exchange(port: server.port, "GET /count HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        while alone?.body != Data("1".utf8), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
            alone = try await RawConnection.exchange(port: server.port, "GET /count HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        }
        #expect(alone?.body == Data("1".utf8), "\(String(describing: alone))")
    }

    @Test func stoppingWithRequestsSuspendedAnswersTheCancelledAndClosesTheRest() async throws {
        let stuck = Gate(target: 4)
        let sleeping = Gate(target: 3)
        let server = try HTTPServer { request in
            if request.path == "/stuck" {
                await stuck.wait()
                return HTTPResponse(status: 200)
            }
            await withTaskCancellationHandler {
                await sleeping.wait()
            } onCancel: {
                sleeping.open()
            }
            return HTTPResponse(status: 503, body: Data("stopping".utf8))
        }
        defer { stuck.open() }
        let connections = try await onThread {
            try ["/stuck", "/cancelled", "/stuck", "/cancelled", "/stuck", "/cancelled", "/stuck"].map { path in
                let connection = try RawConnection(port: server.port, timeout: .seconds(20))
                connection.send(Self.request(path))
                return (path, connection)
            }
        }
        try await stuck.full.wait(seconds: 20)
        try await sleeping.full.wait(seconds: 20)
        // libmicrohttpd aborts the process if it is stopped with a connection still suspended.
        try await withTimeout(10) { await server.stopped() }
        let replies = try await onThread { connections.map { ($0.0, $0.1.receiveResponse()) } }
        for (_, connection) in connections { connection.close() }
        for (path, reply) in replies {
            if path == "/cancelled" {
                #expect(reply?.status == 503, "\(path): \(String(describing: reply))")
            } else {
                #expect(reply == nil, "\(path): \(String(describing: reply))")
            }
        }
    }
}
