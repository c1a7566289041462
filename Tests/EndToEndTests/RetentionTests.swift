import Client
import Foundation
import JSON
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// `retention`: the broker prunes finished jobs and old events in the background, on real processes.
    @Suite("Retention")
    struct Retention {
        @Test(
            "With a retention of a second, finished jobs are pruned under a steady load, the sequence goes on, and a follower from before is told to take a new snapshot"
        )
        func finishedJobsArePrunedInTheBackground() async throws {
            let sandbox = try Sandbox("retention", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker(environment: ["INTERLUDE_RETENTION": "1s"])
            try await sandbox.startWorker("w1")
            let connection = try BrokerConnection(.init(clients: sandbox.clients))
            defer { connection.close() }
            let client = connection.client

            var rounds: [[String]] = []
            for _ in 0..<2 {
                var ids: [String] = []
                for _ in 0..<40 { ids.append(try await client.submit("noop", input: .object([:])).id) }
                // Only finished jobs are pruned, so gone means finished and then pruned. Bounded: pruning
                // runs every second with a retention of a second.
                _ = try await sandbox.eventually("the round's jobs to be pruned", timeout: .seconds(20)) { () async throws -> Bool? in
                    let page = try await client.jobs(limit: 200)
                    return page.jobs.allSatisfy { !ids.contains($0.id) } ? true : nil
                }
                rounds.append(ids)
            }
            let status = try await sandbox.cli("status", rounds[0][0])
            #expect(status.status != 0, "a pruned job is gone: \(status)")
            let page = try await client.events(after: 0)
            #expect(page.prunedThrough != nil && page.prunedThrough! > 0, "a follower from the start is told to take a new snapshot")
            #expect(page.events.allSatisfy { $0.sequence > page.prunedThrough! })
            _ = try await client.submit("noop", input: .object([:]))
            let after = try await client.events(after: page.last)
            #expect(after.last > page.last, "the sequence goes on where it was")
            #expect(after.events.allSatisfy { $0.sequence > page.last })
        }
    }
}
