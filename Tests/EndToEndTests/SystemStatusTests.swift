import Foundation
import Testing
import Wire

extension EndToEnd {
    /// `interlude status` without a job: the system as a whole, over ZeroMQ and over the gateway alike.
    @Suite("The system's status") struct SystemStatus {
        @Test(
            "`status` without a job shows jobs by state, pending questions, workers and the journal, the same over both transports",
            arguments: Transport.allCases)
        func theSystemAsAWhole(over transport: Transport) async throws {
            let sandbox = try Sandbox("system-status", transport: transport)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            try await sandbox.startTransport()
            let done = try await sandbox.submit("noop", "{}")
            #expect(try await sandbox.waitForEnd(of: done).state == .succeeded)
            _ = TestLibrary.download("t-101", in: sandbox.library)
            _ = try await sandbox.question(of: try await sandbox.submit("removeDownload", blueInGreen))

            let shown = try await sandbox.cli("status")
            #expect(shown.status == 0, "\(shown)")
            #expect(
                shown.stdout == """
                    jobs: queued 0, running 0, waiting 1, succeeded 1, failed 0, cancelled 0
                    pending questions: 1
                    workers: 1
                    journal: ok

                    """, "\(shown)")
            let stats = try await sandbox.cliJSON(BrokerReply.Stats.self, "status", "--json")
            #expect(stats.jobs["waiting"] == 1 && stats.jobs["succeeded"] == 1, "\(stats)")
            #expect(stats.pending == 1 && stats.workers == 1 && !stats.storageFull && stats.quarantined.isEmpty, "\(stats)")
            #expect(stats.sequence > 0, "\(stats)")
        }
    }
}
