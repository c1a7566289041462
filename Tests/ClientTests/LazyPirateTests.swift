import Testing

@testable import Client

@Suite("The client's Lazy Pirate") struct LazyPirateTests {
    let backoff = LazyPirate.Backoff(initial: .milliseconds(100), maximum: .seconds(1))
    let start = ContinuousClock.now

    @Test("A timeout condemns the socket only when nothing came back on it since the request left")
    func slowIsNotBroken() {
        var pirate = LazyPirate(endpoints: ["a"], backoff: backoff)
        pirate.replied(at: start + .milliseconds(50))
        #expect(pirate.timedOut(sentAt: start) == .keep, "a reply arrived after it was sent: the broker is only slow")
        #expect(pirate.timedOut(sentAt: start + .milliseconds(60)) == .reopen(after: .milliseconds(100)))
    }

    @Test("The wait before reopening doubles with each failure in a row, up to the maximum, and a reply resets it")
    func backoffDoublesAndResets() {
        var pirate = LazyPirate(endpoints: ["a"], backoff: backoff)
        let delays = (0..<6).map { _ in pirate.failed() }
        #expect(delays == [100, 200, 400, 800, 1000, 1000].map { .reopen(after: .milliseconds($0)) })
        pirate.replied(at: start)
        #expect(pirate.failed() == .reopen(after: .milliseconds(100)))
    }

    @Test("Each reopen moves to the next endpoint, round the list, and forgets the old socket's replies")
    func reopeningRotatesEndpoints() {
        var pirate = LazyPirate(endpoints: ["a", "b", "c"], backoff: backoff)
        var seen = [pirate.endpoint]
        for _ in 0..<3 {
            pirate.replied(at: start)
            pirate.reopened()
            seen.append(pirate.endpoint)
            #expect(pirate.lastReply == nil)
        }
        #expect(seen == ["a", "b", "c", "a"])
        #expect(pirate.reopens == 3)
    }

    @Test("Moving on from a broker that is not the active one waits little, at most half a second, and a reply resets it")
    func movingOnIsQuick() {
        var pirate = LazyPirate(endpoints: ["a", "b"], backoff: backoff)
        #expect(pirate.hasAlternatives)
        #expect(!LazyPirate(endpoints: ["a"], backoff: backoff).hasAlternatives)
        let delays = (0..<5).map { _ in pirate.moveOn() }
        #expect(delays == [100, 200, 400, 500, 500].map { .reopen(after: .milliseconds($0)) })
        pirate.replied(at: start)
        #expect(pirate.moveOn() == .reopen(after: .milliseconds(100)))
    }
}
