import Foundation
import Testing

@testable import Bench

@Suite struct BenchReportTests {
    /// A latency whose every percentile is `microseconds`.
    static func latency(_ microseconds: Int) -> Latency { Latency([.microseconds(microseconds)]) }

    static func throughput(_ processes: String, _ synchronous: String, _ perSecond: Double, p50: Int = 40_000) -> ThroughputRun.Result {
        ThroughputRun.Result(
            processes: processes, synchronous: synchronous, jobs: 100, seconds: 100 / perSecond, jobsPerSecond: perSecond, latency: latency(p50))
    }

    static func answer(_ processes: String, _ synchronous: String, p50: Int) -> AnswerRun.Result {
        AnswerRun.Result(
            processes: processes, operation: "noop", synchronous: synchronous, questions: 10, answerToSucceeded: latency(p50),
            answerAcknowledged: latency(p50 / 2), submitToPending: latency(p50))
    }

    static func floor(p50: Int, windowed: Double) -> FloorRun.Result {
        FloorRun.Result(roundTrips: 10, messageBytes: 100, latency: latency(p50), perSecond: 1e6 / Double(p50), inFlight: 64, inFlightPerSecond: windowed)
    }

    static func peer(_ name: String, _ perSecond: Double?, error: String? = nil) -> Peers.Result {
        Peers.Result(
            name: name, version: "1.0", jobs: 100, inFlight: 64, seconds: perSecond.map { 100 / $0 }, jobsPerSecond: perSecond,
            latency: perSecond == nil ? nil : latency(9000), setup: "test", error: error)
    }

    static func report(peers: Peers?) -> BenchReport {
        let parameters = BenchReport.Parameters(
            jobs: 100, inFlight: 64, capacity: 8, questions: 10, echoes: 10, workers: 2, parked: 50, parkedInFlight: 16,
            parkedLimitSeconds: 60, idleSeconds: 1, webhooks: 20, webhookInFlight: 4, inputBytes: 2)
        let parked = ParkedRun.Result(
            jobs: 50, inFlight: 16, workers: 2, parked: 40, complete: false, parkingSeconds: 2, parkedPerSecond: 20, lastTenthPerSecond: 10,
            brokerPending: 40, statsSeconds: 0.01, brokerRSSBytes: 150_000_000, workerRSSBytes: [40_000_000, 41_000_000], idleCPU: 0.005,
            idleSeconds: 1, firstPageSeconds: 0.2, firstPagePresentations: 40, recoverySeconds: nil,
            recovery: ParkedRun.Recovery(listeningSeconds: 0.1, firstReplySeconds: 0.2, workersSeconds: nil, pending: 40, workers: 1),
            brokerRSSAfterRecoveryBytes: 60_000_000, notes: ["parking stopped when its 60 seconds limit passed (40 of 50 parked)"])
        let webhooks = WebhooksRun.Result(
            jobs: 20, inFlight: 64, webhookInFlight: 4, jobsSeconds: 0.02, jobsPerSecond: 1000, deliveries: 20, deliveriesSeconds: 0.05,
            deliveriesPerSecond: 400, complete: true)
        return BenchReport(
            machine: Machine.current(), command: "interlude-bench", parameters: parameters,
            throughput: [throughput("separate", "full", 2000), throughput("one", "full", 1000), throughput("one", "normal", 1500)],
            sequential: throughput("separate", "full", 300, p50: 1000),
            answers: [answer("separate", "full", p50: 3000), answer("one", "full", p50: 2000), answer("one", "normal", p50: 1000)],
            echo: floor(p50: 100, windowed: 100_000), proxy: floor(p50: 200, windowed: 50_000), peers: peers, parked: parked, webhooks: webhooks)
    }

    @Test func ratiosSetTheDurableSeparateProcessRowAgainstThePeersAndTheFloor() throws {
        let report = Self.report(peers: Peers(majortomo: Self.peer("majortomo", 5000), pgqueuer: Self.peer("pgqueuer", 800)))
        let r = report.ratios
        #expect(r.overMajortomo == 0.4)
        #expect(r.overPgQueuer == 2.5)
        #expect(r.overProxyInFlight == 0.04)
        #expect(r.sequentialOverProxyP50 == 5)
        #expect(r.separateOverOneProcess == 2)
        #expect(r.deliveriesOverJobs == 0.4)
        #expect(r.normalOverFullJobsPerSecond == 1.5)
        #expect(r.fullOverNormalAnswerP50 == 2)
        #expect(r.answerOverEcho == 20)
        #expect(r.perJobOverEcho == 10)
    }

    @Test func aPeerWithoutFiguresLeavesItsRatioEmpty() {
        let report = Self.report(peers: Peers(majortomo: Self.peer("majortomo", nil, error: "SKIP: PyPI (pypi.org) is unreachable"), pgqueuer: nil))
        #expect(report.ratios.overMajortomo == nil)
        #expect(report.ratios.overPgQueuer == nil)
        #expect(report.text.contains("majortomo 1.0: not measured: SKIP: PyPI (pypi.org) is unreachable"))
        #expect(Self.report(peers: nil).text.contains("4. peers: not measured"))
    }

    @Test func theJSONKeepsTheFieldsOthersReadAndAddsPeersAndParked() throws {
        let report = Self.report(peers: Peers(majortomo: Self.peer("majortomo", 5000), pgqueuer: Self.peer("pgqueuer", 800)))
        let data = try JSONEncoder().encode(report)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let throughput = try #require(json["throughput"] as? [[String: Any]])
        #expect(throughput.map { $0["synchronous"] as? String } == ["full", "full", "normal"])
        #expect(throughput.first?["jobsPerSecond"] as? Double == 2000)
        let answers = try #require(json["answers"] as? [[String: Any]])
        let done = try #require(answers.first?["answerToSucceeded"] as? [String: Any])
        #expect(done["p50"] as? Double == 3000 && done["p99"] as? Double == 3000)
        let peers = try #require(json["peers"] as? [String: Any])
        #expect((peers["majortomo"] as? [String: Any])?["jobsPerSecond"] as? Double == 5000)
        #expect((peers["pgqueuer"] as? [String: Any])?["jobsPerSecond"] as? Double == 800)
        let parked = try #require(json["parked"] as? [String: Any])
        #expect(parked["brokerRSSBytes"] as? Int == 150_000_000)
        #expect(parked["workerRSSBytes"] as? [Int] == [40_000_000, 41_000_000])
        #expect(parked["idleCPU"] as? Double == 0.005)
        #expect(parked.keys.contains("recoverySeconds"), "present even when recovery did not complete")
        #expect((json["webhooks"] as? [String: Any])?["deliveriesPerSecond"] as? Double == 400)
        #expect((json["webhooks"] as? [String: Any])?["webhookInFlight"] as? Int == 4)
    }

    @Test func theReportPrintsTheRatiosBeforeAnyScenarioAndSaysHowFarParkingGot() throws {
        let text = Self.report(peers: Peers(majortomo: Self.peer("majortomo", 5000), pgqueuer: Self.peer("pgqueuer", 800))).text
        let ratios = try #require(text.range(of: "ratios ("))
        let first = try #require(text.range(of: "1. noop jobs"))
        #expect(ratios.lowerBound < first.lowerBound)
        #expect(text.contains("0.40×"), "durable over Majortomo")
        #expect(text.contains("parked 40 of 50"))
        #expect(text.contains("all recovered —"))
        #expect(text.contains("note: parking stopped when its 60 seconds limit passed (40 of 50 parked)"))
    }

    @Test func theBulkRowsStandBesideTheWindowedRowAndThePeersWithTheirCommitsPerJob() throws {
        let plain = Self.report(peers: nil)
        let bulk = BulkRun.Result(
            processes: "separate", jobs: 20_000, batch: 1_000, inFlight: 4, seconds: 0.4, jobsPerSecond: 50_000, commits: 400, commitsPerJob: 0.02)
        let side = { (batch: Int, rate: Double) in HTTPBulkRun.Side(jobs: 2_000, batch: batch, inFlight: 4, seconds: 2_000 / rate, jobsPerSecond: rate) }
        let http = HTTPBulkRun.Result(single: side(1, 1_000), bulk: side(1_000, 12_000), bulkOverSingle: 12)
        var peers = Peers(majortomo: Self.peer("majortomo", 5000), pgqueuer: Self.peer("pgqueuer", 800))
        peers.pgqueuerBatched = Self.peer("pgqueuer", 25_000)
        let report = BenchReport(
            machine: plain.machine, command: plain.command, parameters: plain.parameters, throughput: plain.throughput, sequential: plain.sequential,
            answers: plain.answers, echo: plain.echo, proxy: plain.proxy, peers: peers, parked: plain.parked, webhooks: plain.webhooks, bulk: bulk,
            httpBulk: http)
        #expect(report.ratios.bulkOverMajortomo == 10)
        #expect(report.ratios.bulkOverPgQueuerBatched == 2)
        #expect(report.ratios.bulkOverWindowed == 25)
        let text = report.text
        let commits = try #require(text.split(separator: "\n").first { $0.contains("bulk journal commits per job") })
        #expect(commits.contains("0.0200") && commits.contains("target ≤ 0.05"), "\(commits)")
        #expect(
            text.contains(
                "bulk (separate, full): 20,000 jobs, 1000 a submitMany, ≤4 batches in flight: 50000 jobs/s, 400 commits (0.0200 a job), 25.0× the windowed row")
        )
        #expect(text.contains("gateway, jobs accepted/s: single POST 1000 (≤4 in flight), batch POST 12000 (1000 a request, ≤4 in flight), 2,000 jobs each"))
        let json = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
        #expect((json["bulk"] as? [String: Any])?["commitsPerJob"] as? Double == 0.02)
        #expect((json["httpBulk"] as? [String: Any])?["bulkOverSingle"] as? Double == 12)
        #expect(((json["peers"] as? [String: Any])?["pgqueuerBatched"] as? [String: Any])?["jobsPerSecond"] as? Double == 25_000)
        #expect(plain.ratios.bulkOverMajortomo == nil && !plain.text.contains("bulk (separate"), "without the bulk rows, none is printed")
    }

    @Test func theParkingRateOverTheLastTenthComesFromTheLastInstants() throws {
        let start = ContinuousClock.now
        // 20 jobs one per 10 ms, then the last 2 a second apart: the last tenth (2 jobs) took 2 s.
        var instants = (0..<18).map { start + .milliseconds(10 * $0) }
        instants += [start + .seconds(1), start + .seconds(2)]
        let parking = ParkedRun.Parking(instants: instants, seconds: 2, stopped: nil)
        let rate = try #require(parking.lastTenthPerSecond)
        #expect(abs(rate - 2 / 1.83) < 0.01, "\(rate)")
        #expect(ParkedRun.Parking(instants: Array(instants.prefix(9)), seconds: 1, stopped: nil).lastTenthPerSecond == nil)
    }
}
