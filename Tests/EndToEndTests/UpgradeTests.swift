import Client
import Foundation
import JSON
import PostgreSQL
import Presentation
import Synchronization
import TestSupport
import Testing
import Wire

extension EndToEnd.Failover {
    /// Tells a loop on another task to stop, and counts the submits it has had acknowledged.
    final class StopFlag: Sendable {
        private let raised = Atomic<Bool>(false)
        private let counted = Atomic<Int>(0)
        var isRaised: Bool { raised.load(ordering: .acquiring) }
        /// How many submits the loop has had acknowledged so far.
        var count: Int { counted.load(ordering: .acquiring) }
        func raise() { raised.store(true, ordering: .releasing) }
        func counting() { counted.add(1, ordering: .acquiringAndReleasing) }
        /// Why the submitting loop stopped early, if it did.
        private let failure = Mutex<String?>(nil)
        var failed: String? { failure.withLock { $0 } }
        func fail(_ why: String) { failure.withLock { $0 = why } }
    }

    /// docs/deployment.md's "Upgrading with jobs waiting", step by step: SIGTERM (the image's STOPSIGNAL),
    /// the process gone, the new one started and waited for with `interlude health … --wait`.
    func restartWorker(_ worker: ProcessHandle, _ sandbox: Sandbox) async throws -> ProcessHandle {
        worker.terminate()
        let ended = await worker.exit(within: .seconds(15))
        #expect(ended == .init(status: 0, signalled: false), "\(worker.name) stopped gracefully: \(worker.tail())")
        // Its goodbye is read a moment after it exits; until then the broker still lists the old process.
        _ = try await sandbox.eventually("the broker to forget the old \(worker.name)") { () async throws -> Bool? in
            let list = try await sandbox.cliJSON(BrokerReply.OperationList.self, "operations", "--json")
            return list.operations.allSatisfy { !$0.workers.contains(worker.name) } ? true : nil
        }
        let started = try sandbox.launchWorker(worker.name)
        let healthy = try await sandbox.cli(["health", "worker", worker.name, "--wait", "30"], timeout: .seconds(35))
        #expect(healthy.status == 0, "\(healthy)")
        return started
    }

    /// Stops `broker` with SIGTERM (it gives the lease up), waits for `standby` to take it, and starts
    /// `broker` again on its own endpoints, where it now stands by.
    func switchBrokers(
        from broker: ProcessHandle, to standby: ProcessHandle, endpoints: [String: String], _ sandbox: Sandbox
    ) async throws -> (ProcessHandle, Duration) {
        broker.terminate()
        let ended = await broker.exit(within: .seconds(15))
        #expect(ended == .init(status: 0, signalled: false), "\(broker.name) stopped gracefully: \(broker.tail())")
        let takeover = try await active(standby, sandbox)
        let restarted = try sandbox.start(broker.name, ["broker"], environment: endpoints.merging(["INTERLUDE_LOG_LEVEL": "debug"]) { _, new in new })
        _ = try await sandbox.eventually("the new \(broker.name) to stand by") { () throws -> Bool? in
            if let ended = restarted.termination { throw EndToEndFailure("\(broker.name) ended (\(ended)):\n\(restarted.tail())") }
            return restarted.stderr.contains("standing by") ? true : nil
        }
        return (restarted, takeover)
    }

    @Test(
        "Upgrading with jobs waiting: workers restarted one at a time with SIGTERM, then each broker in turn, while jobs flow; every job ends once, the parked questions are answered after the switch, and no step runs twice"
    )
    func anUpgradeWithJobsWaitingLosesNothing() async throws {
        let database = try await PrivatePostgres.schema()
        let sandbox = try Sandbox("upgrade")
        defer { sandbox.shutdown() }
        sandbox.common["INTERLUDE_JOURNAL"] = database.url.text
        let pair = try await startPair(sandbox)
        let (workers, events) = (sandbox.workers.split(separator: ","), sandbox.events.split(separator: ","))
        let endpoints = [
            "broker-a": ["INTERLUDE_CLIENTS": pair.firstClients, "INTERLUDE_WORKERS": String(workers[0]), "INTERLUDE_EVENTS": String(events[0])],
            "broker-b": ["INTERLUDE_CLIENTS": pair.secondClients, "INTERLUDE_WORKERS": String(workers[1]), "INTERLUDE_EVENTS": String(events[1])],
        ]
        try await sandbox.announceShippedOperations()

        // Queued while no worker runs: three questions to park and jobs with steps and without.
        let connection = try BrokerConnection(.init(clients: sandbox.clients, requestTimeout: .seconds(20)))
        defer { connection.close() }
        /// Submits `operation` with `input` over the connection to both brokers; returns the job's id.
        @Sendable func send(_ operation: String, _ input: String) async throws -> String {
            do {
                return try await connection.client.submit(operation, input: try RawJSON(validating: Data(input.utf8))).id
            } catch {
                throw await explained(error, sandbox, watching: sandbox.processes, "--- submit \(operation) \(input): \(connection.health)")
            }
        }
        /// Submits a noop (even `index`) or an addStop of a new place (its steps `plan` and `add`, no question).
        @Sendable func submit(_ index: Int, day: Int) async throws -> (id: String, operation: String) {
            let (operation, input) = index.isMultiple(of: 2) ? ("noop", "{}") : ("addStop", #"{"place": "Stop \#(index)", "day": \#(day)}"#)
            return (try await send(operation, input), operation)
        }
        var parked: [String] = []
        for (track, title) in TestLibrary.tracks {
            parked.append(try await send("removeDownload", #"{"trackID": "\#(track)", "title": "\#(title)"}"#))
        }
        var flowing: [(id: String, operation: String)] = []
        for index in 0..<6 { flowing.append(try await submit(index, day: 1)) }
        #expect(try await sandbox.status(flowing[0].id).state == .queued)

        var w1 = try await sandbox.startWorker("w1")
        var w2 = try await sandbox.startWorker("w2")
        var questions: [String: Presentation] = [:]
        for job in parked { questions[job] = try await sandbox.question(of: job) }

        // Submits go on through the whole upgrade; every acknowledged one must end once.
        let stop = StopFlag()
        let submitter = Task { () async throws -> [(id: String, operation: String)] in
            var acknowledged: [(id: String, operation: String)] = []
            var index = 100
            while !stop.isRaised {
                index += 1
                do {
                    acknowledged.append(try await submit(index, day: 2))
                } catch {
                    stop.fail("\(error)")
                    throw error
                }
                stop.counting()
                try await Task.sleep(for: .milliseconds(100))
            }
            return acknowledged
        }

        // Each step of the upgrade starts only once a submit made since the previous one was acknowledged.
        func submitsGoOn(_ what: String) async throws {
            let before = stop.count
            _ = try await sandbox.eventually("a submit acknowledged \(what)", timeout: .seconds(20)) { () throws -> Bool? in
                if let failed = stop.failed { throw EndToEndFailure("a submit failed \(what): \(failed)") }
                return stop.count > before ? true : nil
            }
        }
        try await submitsGoOn("before the upgrade")
        w1 = try await restartWorker(w1, sandbox)
        try await submitsGoOn("after w1's restart")
        w2 = try await restartWorker(w2, sandbox)
        try await submitsGoOn("after w2's restart")
        let (a, first) = try await switchBrokers(from: pair.first, to: pair.second, endpoints: endpoints["broker-a"]!, sandbox)
        try await submitsGoOn("after the first switch")
        let (b, second) = try await switchBrokers(from: pair.second, to: a, endpoints: endpoints["broker-b"]!, sandbox)
        try await submitsGoOn("after the second switch")
        let watching = [a, b, w1, w2]

        // The questions asked before the upgrade are still pending, and are answered now.
        #expect(Set(try await sandbox.pending().map(\.id)) == Set(questions.values.map(\.id)), "the parked questions survived")
        for (job, action) in zip(parked, ["remove", "remove", "cancel"]) {
            let answered = try await sandbox.cli("answer", questions[job]!.id, action)
            #expect(answered.status == 0, "\(answered)")
        }
        stop.raise()
        let acknowledged: [(id: String, operation: String)]
        do {
            acknowledged = try await submitter.value
        } catch {
            throw await explained(error, sandbox, watching: watching, "--- the submitting client: \(connection.health)")
        }
        #expect(acknowledged.count >= 5, "a submit acknowledged between each two steps (took over in \(first) and \(second))")
        let operations = Dictionary(uniqueKeysWithValues: (flowing + acknowledged).map { ($0.id, $0.operation) } + parked.map { ($0, "removeDownload") })
        for job in parked + (flowing + acknowledged).map(\.id) {
            let done: Job
            do {
                done = try await connection.client.waitForEnd(of: job, timeout: .seconds(30))
            } catch {
                throw await explained(error, sandbox, watching: watching, "--- job \(job) did not end")
            }
            #expect(done.state == .succeeded, "\(done)")
        }
        #expect(!FileManager.default.fileExists(atPath: TestLibrary.download("t-101", in: sandbox.library).path))
        #expect(!FileManager.default.fileExists(atPath: TestLibrary.download("t-102", in: sandbox.library).path))
        #expect(FileManager.default.fileExists(atPath: TestLibrary.download("t-103", in: sandbox.library).path))

        let journal = try PostgresConnection(url: database.url)
        let jobs = try journal.query("SELECT count(*) AS n FROM jobs").first?.int("n")
        #expect(jobs == Int64(operations.count), "one job per submit")
        let endedTwice = try journal.query(
            "SELECT job FROM events WHERE type IN ('job.succeeded', 'job.failed', 'job.cancelled') GROUP BY job HAVING count(*) > 1")
        #expect(endedTwice.isEmpty, "no job ended twice: \(endedTwice.map { $0.string("job") ?? "" })")
        let askedTwice = try journal.query("SELECT job FROM history WHERE type = 'asked' GROUP BY job HAVING count(*) > 1")
        #expect(askedTwice.isEmpty, "no question was asked again: \(askedTwice.map { $0.string("job") ?? "" })")
        var steps: [String: [String]] = [:]
        for row in try journal.query("SELECT job, body FROM history WHERE type = 'step' ORDER BY id") {
            let entry = try JSONCoding.decoder.decode(HistoryEntry.self, from: Data((row.string("body") ?? "").utf8))
            steps[row.string("job") ?? "", default: []].append(entry.step ?? "")
        }
        let expected = Dictionary(uniqueKeysWithValues: zip(parked, [["locate", "remove"], ["locate", "remove"], ["locate"]]))
        for (job, operation) in operations {
            let want = expected[job] ?? (operation == "addStop" ? ["plan", "add"] : [])
            #expect(steps[job, default: []] == want, "job \(job) (\(operation)) ran each step once")
        }
    }
}
