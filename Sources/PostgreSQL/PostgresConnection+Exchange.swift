import CPostgres
import Foundation
import Primitives

extension PostgresConnection {
    /// Sends what libpq has buffered and hands the server's answers to `take` (which reads one result
    /// with `PQgetResult` and says whether it was the last), waiting on the socket in between.
    ///
    /// Never blocks past `timeout`: the connection is then closed, since its state is unknown.
    func exchange(sql: String?, _ take: () throws(PostgresError) -> Bool) throws(PostgresError) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let flushed = PQflush(handle)
            guard flushed >= 0 else { throw broken(sql: sql) }
            while PQisBusy(handle) == 0 {
                if try take() { return }
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero, try wait(writing: flushed == 1, for: left) else {
                throw broken(sql: sql, PostgresError(.timeout, "no answer from \(url) within \(timeout); the connection is closed", sql: sql))
            }
            guard PQconsumeInput(handle) == 1 else { throw broken(sql: sql) }
        }
    }

    /// Waits until the socket is readable (or writable, when output is pending); false when `duration` passed first.
    private func wait(writing: Bool, for duration: Duration) throws(PostgresError) -> Bool {
        var descriptor = pollfd(fd: PQsocket(handle), events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0)
        let milliseconds = Int32(clamping: max(1, duration.wholeMilliseconds))
        do {
            return try systemCall("poll") { poll(&descriptor, 1, milliseconds) } > 0
        } catch {
            throw broken(sql: nil, PostgresError(.connection, "waiting for \(url) failed: \(error)"))
        }
    }
}
