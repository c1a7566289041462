import Synchronization

/// Request counts and latencies per (method, route pattern, status), rendered as Prometheus text.
public final class HTTPMetrics: Sendable {
    /// The route label of requests no route claimed (404s, rejected bodies); raw paths are never labels.
    public static let unmatchedRoute = "unmatched"
    /// Latency bucket bounds in seconds, Prometheus' usual defaults.
    public static let defaultBuckets: [Double] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    struct Key: Hashable, Comparable {
        let method: String
        let route: String
        let status: Int

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.route, lhs.method, lhs.status) < (rhs.route, rhs.method, rhs.status)
        }
    }

    struct Series {
        var count = 0
        var sum = 0.0
        var bucketCounts: [Int]
    }

    let buckets: [Double]
    private let series = Mutex<[Key: Series]>([:])
    /// The connections open now, kept by the server from libmicrohttpd's notifications.
    let connections = ConnectionCount()

    /// An empty store with the given latency bucket bounds (seconds).
    public init(buckets: [Double] = HTTPMetrics.defaultBuckets) {
        self.buckets = buckets.filter(\.isFinite).sorted()
    }

    /// Records one answered request; methods outside the standard set are counted as `OTHER`.
    public func record(method: HTTPMethod, route: String?, status: Int, duration: Duration) {
        let key = Key(
            method: HTTPMethod.standard.contains(method) ? method.rawValue : "OTHER",
            route: route ?? Self.unmatchedRoute, status: status)
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        series.withLock { all in
            var entry = all[key] ?? Series(bucketCounts: Array(repeating: 0, count: buckets.count))
            entry.count += 1
            entry.sum += seconds
            for (index, bound) in buckets.enumerated() where seconds <= bound {
                entry.bucketCounts[index] += 1
            }
            all[key] = entry
        }
    }

    /// The number of requests recorded for one label set; for tests and health checks.
    public func count(method: HTTPMethod, route: String, status: Int) -> Int {
        series.withLock { $0[Key(method: method.rawValue, route: route, status: status)]?.count ?? 0 }
    }

    /// Connections open to the server now (summed over the servers that share this store).
    public var openConnections: Int { connections.current }

    func snapshot() -> [(key: Key, series: Series)] {
        series.withLock { all in all.sorted { $0.key < $1.key }.map { (key: $0.key, series: $0.value) } }
    }
}
