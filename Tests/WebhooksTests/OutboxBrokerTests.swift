import Client
import Foundation
import JSON
import Testing
import Wire

@testable import Webhooks

/// The production event source against a real `interlude broker` and `interlude worker`.
@Suite struct OutboxBrokerTests {
    @Test func brokerEventsReachTheReceiverThroughTheConnection() async throws {
        let harness = OutboxHarness()
        defer { harness.remove() }
        try FileManager.default.createDirectory(at: harness.folder, withIntermediateDirectories: true)
        let binary = Bundle.main.bundleURL.appendingPathComponent("interlude")
        let endpoints = ["clients", "workers", "events"].map { "ipc://\(harness.folder.path)/\($0).sock" }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("INTERLUDE_") }
        environment["INTERLUDE_DATA"] = harness.folder.appendingPathComponent("broker").path
        environment["INTERLUDE_LIBRARY"] = harness.folder.appendingPathComponent("library").path
        environment["INTERLUDE_CLIENTS"] = endpoints[0]
        environment["INTERLUDE_WORKERS"] = endpoints[1]
        environment["INTERLUDE_EVENTS"] = endpoints[2]
        environment["INTERLUDE_HEARTBEAT_MS"] = "100"
        environment["INTERLUDE_LOG_LEVEL"] = "warning"
        var processes: [Process] = []
        defer {
            for process in processes {
                process.terminate()
                process.waitUntilExit()
            }
        }
        for command in ["broker", "worker"] {
            let process = Process()
            process.executableURL = binary
            process.arguments = [command]
            process.environment = environment
            try process.run()
            processes.append(process)
        }

        let connection = try BrokerConnection(.init(clients: endpoints[0], events: endpoints[2]))
        defer { connection.close() }
        let client = connection.client
        let receiver = try OutboxReceiver(verifying: true)
        let running = try harness.start([receiver.subscriber(events: [.jobQueued, .jobSucceeded])], source: connection)
        // The broker takes `noop` once the worker has announced it.
        try await outboxEventually { (try? await client.operations(named: "noop")) != nil }
        _ = try await client.submit("noop", input: .object([:]))
        try await outboxEventually { receiver.received.count == 2 }
        try await harness.stop(running)
        try await receiver.stop()
        #expect(receiver.received.map { $0.json["type"] as? String } == ["job.queued", "job.succeeded"])
    }
}
