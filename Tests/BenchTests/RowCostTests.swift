import Foundation
import Testing

@testable import Bench

/// What a row cost: CPU per job in each part, journal commits per job, and the disk's fdatasync time.
@Suite struct RowCostTests {
    static func costed() -> BenchReport {
        var report = BenchReportTests.report(peers: nil)
        report = BenchReport(
            machine: report.machine, command: report.command, parameters: report.parameters,
            throughput: report.throughput.map { row in
                var row = row
                row.cpu = CPUPerJob(broker: 41, workers: [12, 13], client: 9)
                row.commitsPerJob = 0.25
                return row
            }, sequential: report.sequential, answers: report.answers, echo: report.echo, proxy: report.proxy, peers: nil, parked: report.parked,
            webhooks: report.webhooks, disk: DiskSync(folder: "/tmp/j", latency: Latency([.microseconds(400), .microseconds(420)])))
        return report
    }

    @Test func cpuPerJobIsEachPartsMicrosecondsBetweenTwoSamplesOverTheJobs() {
        let start = CPUSample(
            parts: ["b": .init(role: .broker, seconds: 1.0), "w1": .init(role: .worker(1), seconds: 0.5), "c": .init(role: .client, seconds: 2.0)], rest: nil)
        let end = CPUSample(
            parts: [
                "b": .init(role: .broker, seconds: 1.5), "w1": .init(role: .worker(1), seconds: 0.75), "w2": .init(role: .worker(2), seconds: 0.25),
                "c": .init(role: .client, seconds: 2.1),
            ], rest: nil)
        let cost = end.perJob(since: start, jobs: 1_000)
        #expect(abs(cost.broker - 500) < 1e-6 && cost.workers.count == 2 && abs(cost.workers[0] - 250) < 1e-6 && abs(cost.workers[1] - 250) < 1e-6)
        #expect(abs(cost.client - 100) < 1e-6)
        #expect(abs(cost.total - 1_100) < 1e-6)
    }

    @Test func inOneProcessABrokerThreadThatEndedMeanwhileCountsNeitherForTheBrokerNorForTheClient() {
        // An earlier system's broker thread (0.3 s) is gone at the end; this system's (0.1 → 0.2 s) is measured.
        let start = CPUSample(parts: ["t1": .init(role: .broker, seconds: 0.3), "t2": .init(role: .broker, seconds: 0.1)], rest: 1.0)
        let end = CPUSample(parts: ["t2": .init(role: .broker, seconds: 0.2)], rest: 1.25)
        let cost = end.perJob(since: start, jobs: 1_000)
        #expect(abs(cost.broker - 100) < 1e-6)
        #expect(abs(cost.client - 150) < 1e-6, "the process's 0.25 s less the broker's 0.1 s")
    }

    @Test func everyThroughputRowCarriesItsCPUAndCommitsInTheJSONAndTheTableAndTheDiskBesideIt() throws {
        let report = Self.costed()
        let json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
        let rows = try #require(json["throughput"] as? [[String: Any]])
        for row in rows {
            let cpu = try #require(row["cpu"] as? [String: Any])
            #expect(cpu["broker"] as? Double == 41 && cpu["workers"] as? [Double] == [12, 13] && cpu["client"] as? Double == 9)
            #expect(row["commitsPerJob"] as? Double == 0.25)
        }
        let disk = try #require(json["disk"] as? [String: Any])
        #expect((disk["latency"] as? [String: Any])?["p50"] as? Double == 400)
        let text = report.text
        #expect(text.contains("41 µs    12 µs 13 µs"), "\(text)")
        #expect(text.contains("0.25"))
        #expect(text.contains("4 KiB written and fdatasync'ed, p50 400 µs"))
    }

    @Test func theDiskIsMeasuredWithSyncedWritesInTheGivenFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("disk-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let disk = try #require(DiskSync.measure(in: folder, writes: 5))
        #expect(disk.latency.count == 5 && disk.latency.p50 > 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "the scratch file is removed")
    }

    @Test func aWorkersThreadInThisProcessIsFoundByItsName() throws {
        #if os(Linux)
            let started = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                // As `onOwnThread` names the worker's socket thread.
                try? Data("interlude-worke".utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
                started.signal()
                done.wait()
            }
            thread.start()
            defer { done.signal() }
            started.wait()
            let sample = try #require(ThreadUsage.inProcess())
            let workers = sample.parts.values.filter { if case .worker = $0.role { true } else { false } }
            #expect(workers.count >= 1, "\(ThreadUsage.threads().map(\.name))")
            #expect(ThreadUsage.threads().contains { $0.name == "interlude-worke" }, "names are cut to 15 bytes")
        #endif
    }
}
