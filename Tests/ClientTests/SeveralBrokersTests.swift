import Client
import Foundation
import Presentation
import Testing
import Wire
import ZeroMQ

/// A client of two brokers played by ROUTER sockets on loopback.
@Suite("A client of several brokers") struct SeveralBrokersTests {
    let answer = ClientRequest.AnswerRequest(presentation: "p1", action: "remove", by: "ana", channel: "http")
    let resolution = Resolution(
        presentation: "p1", job: "j1", cause: .answered, action: "remove", by: "ana", channel: "http", at: Date(timeIntervalSince1970: 1_800_000_000))

    /// The next message `socket` receives, waited for (at most 60 s) without blocking a thread of the pool,
    /// where the client's request task must run meanwhile.
    func received(on socket: Socket) async throws -> [Data]? {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let frames = try socket.receive() { return frames }
            try await Task.sleep(for: .milliseconds(5))
        }
        return nil
    }

    /// The broker's refusal: the question was resolved as `resolution` says.
    func alreadyResolved(to request: [Data]) -> [Data] {
        let correlation = String(decoding: request[3], as: UTF8.self)
        return [request[0]]
            + Frames.encode(BrokerReply.error(WireError(.alreadyResolved, "p1 was already answered", resolution: resolution)), correlation: correlation)
    }

    /// Two brokers played by ROUTER sockets, a client of both, and `body` given them with the client's
    /// answer already on its way; everything is closed afterwards.
    func withTwoBrokers(
        _ body: (_ first: Socket, _ second: Socket, _ reply: Task<BrokerReply, Never>) async throws -> Void
    ) async throws {
        let context = try Context()
        let first = try Socket(context, .router)
        let second = try Socket(context, .router)
        defer { for socket in [first, second] { socket.close() } }
        try first.bind("tcp://127.0.0.1:*")
        try second.bind("tcp://127.0.0.1:*")
        let connection = try BrokerConnection(.init(clients: "\(try first.lastEndpoint),\(try second.lastEndpoint)", requestTimeout: .seconds(60)))
        defer { connection.close() }
        let reply = Task { [answer] in await connection.client.request(.answer(answer)) }
        try await body(first, second, reply)
    }

    @Test("An answer resent after its broker went away, which the next broker finds resolved by it, is reported as its resolution")
    func aResentAnswerTheFirstBrokerCommittedSucceeds() async throws {
        try await withTwoBrokers { first, second, reply in
            // The first broker takes the answer (and, say, commits it), then goes away before it replies.
            let taken = try #require(try await received(on: first), "the answer reached the first broker")
            first.close()
            let resent = try #require(try await received(on: second), "the answer was sent again to the second")
            #expect(Array(resent.dropFirst()) == Array(taken.dropFirst()), "the same request")
            _ = try second.send(alreadyResolved(to: resent))
            #expect(await reply.value == .resolution(resolution))
        }
    }

    @Test("An answer refused as already resolved the first time it is sent stays refused: the first answer wins")
    func aFirstSendingRefusedStaysRefused() async throws {
        try await withTwoBrokers { first, _, reply in
            let taken = try #require(try await received(on: first))
            _ = try first.send(alreadyResolved(to: taken))
            guard case .error(let error) = await reply.value else {
                Issue.record("a refusal on the first sending became a success")
                return
            }
            #expect(error.code == .alreadyResolved && error.resolution == resolution)
        }
    }
}
