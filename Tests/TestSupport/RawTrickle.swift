import Foundation

extension RawConnection {
    /// Sends `prefix` on each connection, then one byte every 200 ms to each until the server closes it
    /// or `limit` passes (a slowloris client); how long after the start each was closed (nil: never).
    /// Give the connections a short receive timeout (20 ms): each round reads each one once.
    public static func trickle(_ connections: [RawConnection], prefix: String, limit: Duration = .seconds(8)) -> [Duration?] {
        let start = ContinuousClock.now
        var closedAfter = [Duration?](repeating: nil, count: connections.count)
        for connection in connections { connection.send(Data(prefix.utf8)) }
        while closedAfter.contains(where: { $0 == nil }), start.duration(to: .now) < limit {
            for (index, connection) in connections.enumerated() where closedAfter[index] == nil {
                connection.send(Data("a".utf8))
                if case .closed = connection.receiveChunk() { closedAfter[index] = start.duration(to: .now) }
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return closedAfter
    }
}
