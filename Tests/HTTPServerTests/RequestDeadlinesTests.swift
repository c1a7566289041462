import Testing

@testable import HTTPServer

/// The bookkeeping behind the request deadlines, without sockets: which connections are overdue when.
@Suite struct RequestDeadlinesTests {
    static let zero = ContinuousClock.now

    static func at(_ milliseconds: Int) -> ContinuousClock.Instant {
        zero + .milliseconds(milliseconds)
    }

    @Test func aSilentConnectionIsLeftToTheIdleTimeout() {
        var deadlines = RequestDeadlines(head: .seconds(10), body: .seconds(30))
        deadlines.opened(1, socket: 7, at: Self.at(0))
        // The handshake's data time, just before it was accepted, is no request's first byte.
        #expect(deadlines.overdue(at: Self.at(600_000)) { _ in Self.at(-1) }.isEmpty)
        #expect(deadlines.overdue(at: Self.at(600_000)) { _ in Self.at(20) }.isEmpty)
    }

    @Test func theHeadDeadlineCountsFromTheFirstByteSeenAndNamesTheSocketOnce() {
        var deadlines = RequestDeadlines(head: .seconds(10), body: .seconds(30))
        deadlines.opened(1, socket: 7, at: Self.at(0))
        #expect(deadlines.overdue(at: Self.at(5_000)) { _ in Self.at(4_000) }.isEmpty)
        #expect(deadlines.overdue(at: Self.at(13_900)) { _ in Self.at(13_800) }.isEmpty)
        #expect(deadlines.overdue(at: Self.at(14_000)) { _ in Self.at(13_900) } == [7])
        #expect(deadlines.overdue(at: Self.at(15_000)) { _ in Self.at(14_900) }.isEmpty)
    }

    @Test func theBodyDeadlineCountsFromTheHeadAndAnAnswerIsNeverTimed() {
        var deadlines = RequestDeadlines(head: .seconds(10), body: .seconds(30))
        deadlines.opened(1, socket: 7, at: Self.at(0))
        deadlines.headReceived(1, at: Self.at(1_000))
        #expect(deadlines.overdue(at: Self.at(30_900)) { _ in nil }.isEmpty)
        deadlines.requestReceived(1)
        #expect(deadlines.overdue(at: Self.at(3_600_000)) { _ in Self.at(3_599_000) }.isEmpty)
        deadlines.headReceived(1, at: Self.at(0))
        #expect(deadlines.overdue(at: Self.at(30_000)) { _ in nil } == [7])
    }

    @Test func eachRequestOnAKeepAliveConnectionHasItsOwnClock() {
        var deadlines = RequestDeadlines(head: .seconds(10), body: .seconds(30))
        deadlines.opened(1, socket: 7, at: Self.at(0))
        deadlines.headReceived(1, at: Self.at(100))
        deadlines.requestReceived(1)
        deadlines.completed(1, at: Self.at(200))
        // Data of the previous request is not the next one's first byte; data after the answer is.
        #expect(deadlines.overdue(at: Self.at(60_000)) { _ in Self.at(150) }.isEmpty)
        #expect(deadlines.overdue(at: Self.at(60_000)) { _ in Self.at(59_000) }.isEmpty)
        #expect(deadlines.overdue(at: Self.at(69_000)) { _ in Self.at(68_900) } == [7])
    }

    @Test func aClosedConnectionIsForgottenSoItsReusedSocketIsNeverNamed() {
        var deadlines = RequestDeadlines(head: .seconds(1), body: .seconds(1))
        deadlines.opened(1, socket: 7, at: Self.at(0))
        deadlines.headReceived(1, at: Self.at(0))
        deadlines.closed(1)
        deadlines.completed(1, at: Self.at(10))
        #expect(deadlines.overdue(at: Self.at(60_000)) { _ in Self.at(59_000) }.isEmpty)
        #expect(deadlines.entries.isEmpty)
    }
}
