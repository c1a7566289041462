import Foundation
import Synchronization
import Testing
import ZeroMQ

/// CURVE with a ZAP handler on real sockets: who gets in, and what the server learns about them.
@Suite struct CurveHandshakeTests {
    let context: Context
    let server: CurveKeyPair
    let admitted: CurveKeyPair
    let stranger: CurveKeyPair
    init() throws {
        context = try Context()
        server = try CurveKeyPair.generate()
        admitted = try CurveKeyPair.generate()
        stranger = try CurveKeyPair.generate()
    }

    @Test func anAdmittedKeysMessagesCarryTheUserIdTheHandlerGaveIt() throws {
        let zap = try ZAPThread(context) { [admitted] request in
            request.publicKey == admitted.publicKey && request.domain == "clients" ? .admit(userID: "alice") : .refuse(reason: "unknown key")
        }
        defer { zap.stop() }
        let router = try Socket(context, .router, security: .curveServer(secretKey: server.secretKey, domain: "clients"))
        try router.bind("tcp://127.0.0.1:*")
        let dealer = try Socket(context, .dealer, security: .curveClient(serverKey: server.publicKey, secretKey: admitted.secretKey))
        try dealer.connect(router.lastEndpoint)

        #expect(try dealer.send([Data("hello")], timeout: patience))
        let message = try #require(try receiveMessage(router, timeout: patience))
        #expect(message.frames.last == Data("hello"))
        #expect(message.userID == "alice")
        #expect(zap.requests.first?.mechanism == "CURVE")
        #expect(zap.requests.first?.publicKey == admitted.publicKey)
    }

    @Test func anUnknownKeyIsRefusedAtTheHandshakeAndTheClientIsToldSo() throws {
        let zap = try ZAPThread(context) { [admitted] request in
            request.publicKey == admitted.publicKey ? .admit(userID: "alice") : .refuse(reason: "unknown key")
        }
        defer { zap.stop() }
        let router = try Socket(context, .router, security: .curveServer(secretKey: server.secretKey, domain: "clients"))
        try router.bind("tcp://127.0.0.1:*")
        let dealer = try Socket(context, .dealer, security: .curveClient(serverKey: server.publicKey, secretKey: stranger.secretKey))
        let monitor = try HandshakeMonitor(watching: dealer, in: context)
        defer { monitor.close() }
        try dealer.connect(router.lastEndpoint)
        _ = try dealer.send([Data("let me in")])

        let outcome = try nextOutcome(monitor)
        guard case .refused(_, let status) = outcome else {
            Issue.record("expected a refusal, got \(String(describing: outcome))")
            return
        }
        #expect(status == 400)
        #expect(try router.receive(timeout: .milliseconds(200)) == nil, "nothing from the stranger reached the server")
    }

    @Test func aPlainClientCannotTalkToACurveServer() throws {
        let zap = try ZAPThread(context) { _ in .admit(userID: "anyone") }
        defer { zap.stop() }
        let router = try Socket(context, .router, security: .curveServer(secretKey: server.secretKey, domain: "clients"))
        try router.bind("tcp://127.0.0.1:*")
        let dealer = try Socket(context, .dealer)
        let monitor = try HandshakeMonitor(watching: dealer, in: context)
        defer { monitor.close() }
        try dealer.connect(router.lastEndpoint)
        _ = try dealer.send([Data("plain")])
        let outcome = try nextOutcome(monitor)
        guard case .failed = outcome else {
            Issue.record("expected a failed handshake, got \(String(describing: outcome))")
            return
        }
        #expect(try router.receive(timeout: .milliseconds(200)) == nil)
    }

    @Test func theHandlerTellsSocketsApartByTheirDomain() throws {
        let zap = try ZAPThread(context) { request in
            request.domain == "workers" ? .refuse(reason: "not a worker") : .admit(userID: request.domain)
        }
        defer { zap.stop() }
        let clients = try Socket(context, .router, security: .curveServer(secretKey: server.secretKey, domain: "clients"))
        try clients.bind("tcp://127.0.0.1:*")
        let workers = try Socket(context, .router, security: .curveServer(secretKey: server.secretKey, domain: "workers"))
        try workers.bind("tcp://127.0.0.1:*")
        let toClients = try Socket(context, .dealer, security: .curveClient(serverKey: server.publicKey, secretKey: admitted.secretKey))
        try toClients.connect(clients.lastEndpoint)
        let toWorkers = try Socket(context, .dealer, security: .curveClient(serverKey: server.publicKey, secretKey: admitted.secretKey))
        try toWorkers.connect(workers.lastEndpoint)
        _ = try toWorkers.send([Data("work")])
        #expect(try toClients.send([Data("ask")], timeout: patience))
        #expect(try receiveMessage(clients, timeout: patience)?.userID == "clients")
        #expect(try workers.receive(timeout: .milliseconds(200)) == nil)
    }

    private func receiveMessage(_ socket: Socket, timeout: Duration) throws -> ReceivedMessage? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let message = try socket.receiveMessage() { return message }
            _ = try poll([.socket(socket)], timeout: .milliseconds(20))
        }
        return nil
    }

    private func nextOutcome(_ monitor: HandshakeMonitor) throws -> HandshakeMonitor.Outcome? {
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            // The connection comes up first; what is asserted is how its handshake ended.
            if let first = try monitor.drain().first(where: { if case .established = $0 { false } else { true } }) { return first }
            _ = try poll([.socket(monitor.socket)], timeout: .milliseconds(50))
        }
        return nil
    }
}

/// A ZAP handler answering on a thread of its own, as the broker's loop does, recording each request.
final class ZAPThread: Sendable {
    private let stopSignal: Wakeup
    private let seen = RequestLog()
    private let done = DispatchSemaphore(value: 0)

    /// Binds the handler in `context` and returns once it is bound.
    init(_ context: Context, decide: @escaping @Sendable (ZAPRequest) -> ZAPDecision) throws {
        let stop = try Wakeup()
        stopSignal = stop
        let bound = Mutex<Result<Void, ZMQError>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [seen, done] in
            defer { done.signal() }
            let handler: ZAPHandler
            do throws(ZMQError) {
                handler = try ZAPHandler(context)
                bound.withLock { $0 = .success(()) }
            } catch {
                bound.withLock { $0 = .failure(error) }
                ready.signal()
                return
            }
            ready.signal()
            defer { handler.close() }
            while let readable = try? poll([.socket(handler.socket), .fileDescriptor(stop.fileDescriptor)], timeout: patience), !readable[1] {
                try? handler.answerWaiting { request in
                    seen.entries.withLock { $0.append(request) }
                    return decide(request)
                }
            }
        }
        ready.wait()
        try bound.withLock { $0 }?.get()
    }

    /// The requests answered so far.
    var requests: [ZAPRequest] { seen.entries.withLock { $0 } }

    /// Stops the thread and waits until the handler is unbound.
    func stop() {
        stopSignal.signal()
        done.wait()
    }
}

/// The requests a handler saw, shared with its thread.
final class RequestLog: Sendable {
    let entries = Mutex<[ZAPRequest]>([])
}
