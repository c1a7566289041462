import Foundation

/// Everything one `interlude bench` run measured, printed as a table or as one JSON object.
struct BenchReport: Encodable, Sendable {
    /// What the run was asked to do.
    struct Parameters: Encodable, Sendable {
        let jobs: Int
        let inFlight: Int
        let capacity: Int
        let questions: Int
        let echoes: Int
    }

    /// The figures side by side.
    struct Ratios: Encodable, Sendable {
        /// Noop jobs per second with synchronous=normal over synchronous=full.
        let normalOverFullJobsPerSecond: Double
        /// Answer→succeeded p50 with synchronous=full over synchronous=normal.
        let fullOverNormalAnswerP50: Double
        /// Answer→succeeded p50 (synchronous=full) over the echo p50: the broker's cost for a question's last leg.
        let answerOverEcho: Double
        /// Time per noop job at synchronous=full (1 / jobs per second) over the echo p50.
        let perJobOverEcho: Double
        /// Noop jobs per second at synchronous=full without CURVE over the same with CURVE on every socket.
        let plainOverCurveJobsPerSecond: Double
    }

    let machine: Machine
    let command: String
    let parameters: Parameters
    let throughput: [ThroughputRun.Result]
    let answers: [AnswerRun.Result]
    let echo: EchoRun.Result
    let ratios: Ratios

    init(
        machine: Machine, command: String, parameters: Parameters, throughput: [ThroughputRun.Result],
        answers: [AnswerRun.Result], echo: EchoRun.Result
    ) {
        self.machine = machine
        self.command = command
        self.parameters = parameters
        self.throughput = throughput
        self.answers = answers
        self.echo = echo
        func ratio(_ top: Double?, _ bottom: Double?) -> Double {
            guard let top, let bottom, bottom > 0 else { return 0 }
            return top / bottom
        }
        let jobs = { (mode: String) in throughput.first { $0.synchronous == mode && !$0.curve } }
        let curve = throughput.first { $0.curve }
        let answer = { (mode: String) in answers.first { $0.synchronous == mode }?.answerToSucceeded.p50 }
        ratios = Ratios(
            normalOverFullJobsPerSecond: ratio(jobs("normal")?.jobsPerSecond, jobs("full")?.jobsPerSecond),
            fullOverNormalAnswerP50: ratio(answer("full"), answer("normal")),
            answerOverEcho: ratio(answer("full"), echo.latency.p50),
            perJobOverEcho: ratio(jobs("full").map { $0.jobsPerSecond > 0 ? 1e6 / $0.jobsPerSecond : 0 }, echo.latency.p50),
            plainOverCurveJobsPerSecond: ratio(jobs("full")?.jobsPerSecond, curve?.jobsPerSecond))
    }
}
