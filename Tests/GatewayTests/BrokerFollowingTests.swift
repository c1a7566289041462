import Client
import Foundation
import TestSupport
import Testing
import Wire

/// A client given several brokers talks to one at a time and follows the one that answers.
@Suite struct BrokerFollowingTests {
    @Test("A broker whose connection is up but whose handshake is slow (a starved process) is waited for, not left after a second")
    func aSlowHandshakeIsWaitedFor() async throws {
        let broker = try FakeBroker(oversizedReplies: 0)
        defer { broker.close() }
        // The connection is up at once; the broker speaks only after 1.5 s, as one starved of CPU does.
        let relay = try SlowRelay(to: broker.endpoint, delay: .milliseconds(1_500))
        defer { relay.close() }
        let absent = "ipc://\(FileManager.default.temporaryDirectory.path)/interlude-absent-\(UUID().uuidString)"
        let connection = try BrokerConnection(.init(clients: "\(relay.endpoint),\(absent)", requestTimeout: .seconds(8)))
        defer { connection.close() }

        let stats = try await connection.client.stats()
        #expect(stats.workers == 1, "the slow broker answered")
        #expect(connection.health.reopens == 0, "the client never left it: \(connection.health)")
    }

    @Test("A broker that cannot be reached is still left for the next")
    func anUnreachableBrokerIsLeftQuickly() async throws {
        let broker = try FakeBroker(oversizedReplies: 0)
        defer { broker.close() }
        let absent = "ipc://\(FileManager.default.temporaryDirectory.path)/interlude-absent-\(UUID().uuidString)"
        let connection = try BrokerConnection(.init(clients: "\(absent),\(broker.endpoint)", requestTimeout: .seconds(8)))
        defer { connection.close() }

        let stats = try await connection.client.stats()
        #expect(stats.workers == 1)
        #expect(connection.health.reopens >= 1, "it moved on to the second broker: \(connection.health)")
    }
}
