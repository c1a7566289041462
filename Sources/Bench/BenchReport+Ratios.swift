import Foundation

extension BenchReport {
    /// The figures side by side, from one run; nil where a side was not measured.
    struct Ratios: Encodable, Sendable {
        /// Durable noop jobs/s (separate processes, synchronous=full) over Majortomo's requests/s.
        let overMajortomo: Double?
        /// The same over PgQueuer's jobs/s.
        let overPgQueuer: Double?
        /// The same over messages/s through one `zmq_proxy` hop with as many in flight.
        let overProxyInFlight: Double?
        /// Noop jobs one at a time, submit → succeeded p50 (separate processes), over one proxy hop's p50.
        let sequentialOverProxyP50: Double?
        /// Separate processes over one process, noop jobs/s at synchronous=full.
        let separateOverOneProcess: Double?
        /// Webhook deliveries/s over the jobs/s that caused them.
        let deliveriesOverJobs: Double?
        /// One process: noop jobs/s with synchronous=normal over synchronous=full.
        let normalOverFullJobsPerSecond: Double?
        /// One process: answer → succeeded p50 with synchronous=full over synchronous=normal.
        let fullOverNormalAnswerP50: Double?
        /// One process, synchronous=full: answer → succeeded p50 over the echo p50.
        let answerOverEcho: Double?
        /// One process, synchronous=full: time per noop job (1 / jobs/s) over the echo p50.
        let perJobOverEcho: Double?
        /// One process, synchronous=full: noop jobs/s without CURVE over the same with CURVE on every socket.
        let plainOverCurveJobsPerSecond: Double?
        /// Bulk-submitted durable noop jobs/s (separate processes) over Majortomo's requests/s.
        let bulkOverMajortomo: Double?
        /// The same over PgQueuer's jobs/s with its batched enqueue.
        let bulkOverPgQueuerBatched: Double?
        /// Bulk jobs/s over the windowed single submits' jobs/s (separate processes, synchronous=full).
        let bulkOverWindowed: Double?

        init(
            throughput: [ThroughputRun.Result], sequential: ThroughputRun.Result, answers: [AnswerRun.Result], echo: FloorRun.Result,
            proxy: FloorRun.Result, peers: Peers?, webhooks: WebhooksRun.Result?, bulk: BulkRun.Result? = nil
        ) {
            let jobs = { (processes: String, mode: String) in
                throughput.first { $0.processes == processes && $0.synchronous == mode }?.jobsPerSecond
            }
            let answer = { (mode: String) in answers.first { $0.processes == "one" && $0.synchronous == mode }?.answerToSucceeded.p50 }
            let durable = jobs("separate", "full")
            overMajortomo = Self.ratio(durable, peers?.majortomo?.jobsPerSecond)
            overPgQueuer = Self.ratio(durable, peers?.pgqueuer?.jobsPerSecond)
            overProxyInFlight = Self.ratio(durable, proxy.inFlightPerSecond)
            sequentialOverProxyP50 = Self.ratio(sequential.latency.p50, proxy.latency.p50)
            separateOverOneProcess = Self.ratio(durable, jobs("one", "full"))
            deliveriesOverJobs = Self.ratio(webhooks?.deliveriesPerSecond, webhooks?.jobsPerSecond)
            normalOverFullJobsPerSecond = Self.ratio(jobs("one", "normal"), jobs("one", "full"))
            fullOverNormalAnswerP50 = Self.ratio(answer("full"), answer("normal"))
            answerOverEcho = Self.ratio(answer("full"), echo.latency.p50)
            perJobOverEcho = Self.ratio(jobs("one", "full").map { $0 > 0 ? 1e6 / $0 : 0 }, echo.latency.p50)
            plainOverCurveJobsPerSecond = Self.ratio(jobs("one", "full"), jobs("one+curve", "full"))
            bulkOverMajortomo = Self.ratio(bulk?.jobsPerSecond, peers?.majortomo?.jobsPerSecond)
            bulkOverPgQueuerBatched = Self.ratio(bulk?.jobsPerSecond, peers?.pgqueuerBatched?.jobsPerSecond)
            bulkOverWindowed = Self.ratio(bulk?.jobsPerSecond, durable)
        }

        /// `top / bottom`, or nil when either is missing or the bottom is not positive.
        static func ratio(_ top: Double?, _ bottom: Double?) -> Double? {
            guard let top, let bottom, bottom > 0 else { return nil }
            return top / bottom
        }
    }
}
