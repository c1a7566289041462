import Foundation

/// Everything one `interlude-bench` run measured, printed as a table or as one JSON object.
struct BenchReport: Encodable, Sendable {
    /// What the run was asked to do.
    struct Parameters: Encodable, Sendable {
        let jobs: Int
        let inFlight: Int
        let capacity: Int
        let questions: Int
        let echoes: Int
        /// Worker processes beside the broker in the separate-process scenarios.
        let workers: Int
        /// Jobs parked at once in the `parked` scenario (0: skipped), how many in flight, for how long at most.
        let parked: Int
        let parkedInFlight: Int
        let parkedLimitSeconds: Int
        /// How long the idle broker's CPU is sampled.
        let idleSeconds: Int
        /// Jobs in the `webhooks` scenario (0: skipped).
        let webhooks: Int
        /// The gateway's `webhookInFlight` in the `webhooks` scenario (its default unless `--webhook-in-flight` says).
        let webhookInFlight: Int
        /// About how many bytes each throughput job's input takes (`--input-bytes`; 2: `{}`).
        let inputBytes: Int
        /// Jobs in the bulk rows (`--bulk-jobs`; 0: skipped), and how many go in one `submitMany` or batch `POST` (`--bulk-batch`).
        var bulkJobs = 20_000
        var bulkBatch = 1_000
    }

    let machine: Machine
    let command: String
    let parameters: Parameters
    let ratios: Ratios
    /// Separate processes (synchronous=full) first, then one process with synchronous=full and =normal.
    let throughput: [ThroughputRun.Result]
    /// Noop jobs one at a time, separate processes: submit → succeeded.
    let sequential: ThroughputRun.Result
    /// Same order as `throughput`.
    let answers: [AnswerRun.Result]
    /// The floor: a bare DEALER↔ROUTER echo, and the same through one `zmq_proxy` hop.
    let echo: FloorRun.Result
    let proxy: FloorRun.Result
    let peers: Peers?
    let parked: ParkedRun.Result?
    let webhooks: WebhooksRun.Result?
    /// Noop jobs submitted in batches, separate processes, synchronous=full, beside the windowed row.
    let bulk: BulkRun.Result?
    /// The gateway: jobs/s accepted by single `POST /v1/operations` and by `POST /v1/operations/batch`.
    let httpBulk: HTTPBulkRun.Result?
    /// The journals' disk: 4 KiB writes each made durable with `fdatasync`, in the run's folder.
    let disk: DiskSync?

    init(
        machine: Machine, command: String, parameters: Parameters, throughput: [ThroughputRun.Result], sequential: ThroughputRun.Result,
        answers: [AnswerRun.Result], echo: FloorRun.Result, proxy: FloorRun.Result, peers: Peers?, parked: ParkedRun.Result?,
        webhooks: WebhooksRun.Result?, bulk: BulkRun.Result? = nil, httpBulk: HTTPBulkRun.Result? = nil, disk: DiskSync? = nil
    ) {
        self.machine = machine
        self.command = command
        self.parameters = parameters
        self.throughput = throughput
        self.sequential = sequential
        self.answers = answers
        self.echo = echo
        self.proxy = proxy
        self.peers = peers
        self.parked = parked
        self.webhooks = webhooks
        self.bulk = bulk
        self.httpBulk = httpBulk
        self.disk = disk
        ratios = Ratios(
            throughput: throughput, sequential: sequential, answers: answers, echo: echo, proxy: proxy, peers: peers, webhooks: webhooks, bulk: bulk)
    }

    /// The throughput row of `processes` and `synchronous`.
    func row(_ processes: String, _ synchronous: String) -> ThroughputRun.Result? {
        throughput.first { $0.processes == processes && $0.synchronous == synchronous }
    }

    /// The answer-latency row of `processes` and `synchronous`.
    func answer(_ processes: String, _ synchronous: String) -> AnswerRun.Result? {
        answers.first { $0.processes == processes && $0.synchronous == synchronous }
    }
}
