import Foundation

/// The peers' figures, measured in the same run by `benchmarks/run.sh` and handed over with `--peers FILE`:
/// `{"majortomo": {…}, "pgqueuer": {…}, "pgqueuerBatched": {…}}`, each as its driver in `benchmarks/peers/` printed it.
struct Peers: Codable, Sendable {
    /// One peer's run, or why it was not measured.
    struct Result: Codable, Sendable {
        let name: String
        let version: String?
        let jobs: Int
        let inFlight: Int
        let seconds: Double?
        let jobsPerSecond: Double?
        /// Request sent (or job enqueued) to reply received (or job run), microseconds.
        let latency: Latency?
        /// How the peer was set up, in one line.
        let setup: String?
        /// Why there are no figures (not installed, PyPI unreachable, a failure).
        let error: String?
    }

    let majortomo: Result?
    let pgqueuer: Result?
    /// PgQueuer enqueueing a batch of jobs in one call (`Queries.enqueue` with lists); nil when not measured.
    var pgqueuerBatched: Result? = nil

    /// Reads the file `benchmarks/run.sh` wrote.
    static func load(_ path: String) throws -> Peers {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchFailure("cannot read the peers' file \(path)") }
        do {
            return try JSONDecoder().decode(Peers.self, from: data)
        } catch {
            throw BenchFailure("the peers' file \(path) is not what benchmarks/run.sh writes: \(error)")
        }
    }
}
