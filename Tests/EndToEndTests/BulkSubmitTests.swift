import Client
import Foundation
import JSON
import Presentation
import Testing
import Wire

extension EndToEnd {
    /// `interlude submit OPERATION --inputs FILE` and the `submitMany` request over ZeroMQ, with a real broker and worker.
    @Suite("Bulk submit over ZeroMQ")
    struct BulkSubmit {
        /// JSON Lines with a refused input on line 2 and a blank line 4.
        static let lines = "{}\n\"not an object\"\n{\"padding\": \"p\"}\n\n{}\n"

        @Test("--inputs FILE prints one line per input in order, a job id or the refusal naming its line, and exits 1 when one was refused")
        func aFileOfInputs() async throws {
            let sandbox = try Sandbox("bulk-file")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let file = String(try sandbox.inputFile("inputs.jsonl", Self.lines).dropFirst())
            let result = try await sandbox.cli("submit", "noop", "--inputs", file)
            #expect(result.status == 1, "\(result)")
            let printed = result.stdout.split(separator: "\n").map(String.init)
            try #require(printed.count == 4, "\(result)")
            #expect(printed[1].hasPrefix("error: line 2: the input of noop breaks its schema"), "\(printed[1])")
            for job in [printed[0], printed[2], printed[3]] {
                #expect(job.hasPrefix("job_"), "\(job)")
                #expect(try await sandbox.waitForEnd(of: job).state == .succeeded)
            }

            let good = String(try sandbox.inputFile("good.jsonl", "{}\n{}\n").dropFirst())
            let json = try await sandbox.cli("submit", "noop", "--inputs", good, "--json", "--idempotency-key", "nightly")
            #expect(json.status == 0, "\(json)")
            let outcomes = try JSONCoding.decoder.decode([Outcome].self, from: Data(json.stdout.utf8))
            #expect(outcomes.map(\.line) == [1, 2] && outcomes.allSatisfy { $0.job != nil && $0.error == nil }, "\(json)")
            let again = try await sandbox.cli("submit", "noop", "--inputs", good, "--json", "--idempotency-key", "nightly")
            #expect(try JSONCoding.decoder.decode([Outcome].self, from: Data(again.stdout.utf8)).map(\.job) == outcomes.map(\.job), "keys KEY-N")
        }

        @Test("--inputs - reads the inputs from standard input")
        func standardInput() async throws {
            let sandbox = try Sandbox("bulk-stdin")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.startWorker("w1")
            let file = String(try sandbox.inputFile("inputs.jsonl", "{}\n{}\n{}\n").dropFirst())
            let shell = try ProcessHandle(
                name: "bulk-stdin", executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", #"exec "$0" submit noop --inputs - < "$1""#, sandbox.binary.path, file], environment: sandbox.environment(),
                directory: sandbox.root, logs: sandbox.logs)
            let termination = try #require(await shell.exit(within: .seconds(15)))
            #expect(termination.status == 0, "\(shell.stdout)\n\(shell.stderr)")
            let jobs = shell.stdout.split(separator: "\n").map(String.init)
            #expect(jobs.count == 3 && Set(jobs).count == 3, "\(shell.stdout)")
            for job in jobs { #expect(try await sandbox.waitForEnd(of: job).state == .succeeded) }
        }

        @Test("A batch of 500 is journaled in one commit, before its reply")
        func oneCommitForTheBatch() async throws {
            let sandbox = try Sandbox("bulk-commit")
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            let client = try sandbox.client()
            defer { client.close() }
            let before = try await client.stats().commits
            let batch = ClientRequest.SubmitMany(operation: "noop", items: (0..<500).map { _ in .init(input: .emptyObject) })
            let reply = try await client.submit(many: batch)
            #expect(reply.items.count == 500 && reply.refusedCount == 0)
            let after = try await client.stats()
            #expect(after.commits == before + 1, "commits \(before) → \(after.commits)")
            #expect(after.jobs["queued"] == 500)
        }

        @Test("A broker killed (SIGKILL) right after a batch's reply loses none of its jobs")
        func aKilledBrokerKeepsTheBatch() async throws {
            let sandbox = try Sandbox("bulk-kill")
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            try await sandbox.announceShippedOperations()
            let client = try sandbox.client()
            let reply = try await client.submit(many: .init(operation: "noop", items: (0..<200).map { _ in .init(input: .emptyObject) }))
            #expect(broker.kill()?.signalled == true)
            client.close()
            let jobs = reply.items.compactMap(\.job)
            #expect(jobs.count == 200)
            try await sandbox.startBroker(name: "broker-restarted")
            try await sandbox.startWorker("w1")
            let again = try sandbox.client()
            defer { again.close() }
            _ = try await sandbox.eventually("the 200 jobs to succeed", timeout: .seconds(60), poll: .milliseconds(200)) {
                try await again.stats().jobs["succeeded"] == 200 ? true : nil
            }
            for job in jobs.prefix(5) + jobs.suffix(5) { #expect(try await again.status(job).state == .succeeded) }
        }
    }

    /// One input's outcome as `submit --inputs --json` prints it.
    struct Outcome: Decodable {
        let line: Int
        let job: String?
        let error: WireError?
    }
}
