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
            pirate.reopened(at: start)
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

    @Test("A broker left because it fell silent is passed over for one liveness window, for the standby just left too, then tried again")
    func aFailedBrokerIsPassedOver() {
        var pirate = LazyPirate(endpoints: ["a", "b"], backoff: backoff, liveness: .seconds(3))
        #expect(pirate.leave(at: start) == .reopen(after: .milliseconds(100)), "a: its heartbeats went unanswered")
        pirate.reopened(at: start + .milliseconds(100))
        #expect(pirate.endpoint == "b")
        _ = pirate.moveOn()
        pirate.reopened(at: start + .milliseconds(300))
        #expect(pirate.endpoint == "b", "b stands by (it may be about to take over): asked again, not the frozen a")
        _ = pirate.moveOn()
        pirate.reopened(at: start + .seconds(3))
        #expect(pirate.endpoint == "a", "a liveness window later a is tried again")
    }

    @Test("When every broker failed within the window, the next one is tried all the same")
    func whenAllFailedTheNextIsTried() {
        var pirate = LazyPirate(endpoints: ["a", "b", "c"], backoff: backoff, liveness: .seconds(3))
        _ = pirate.leave(at: start)
        pirate.reopened(at: start)
        #expect(pirate.endpoint == "b")
        _ = pirate.leave(at: start)
        pirate.reopened(at: start)
        #expect(pirate.endpoint == "c", "a failed too: passed over")
        _ = pirate.leave(at: start)
        pirate.reopened(at: start)
        #expect(pirate.endpoint == "a", "all three failed: simply the next")
        #expect(pirate.hasFailed(1, at: start + .milliseconds(2_999)) && !pirate.hasFailed(1, at: start + .seconds(3)))
    }

    @Test("ZMTP heartbeats only with several brokers: a ping every sixth of the liveness window, dropped after the window")
    func heartbeatsFollowTheLivenessWindow() {
        #expect(LazyPirate(endpoints: ["a"], backoff: backoff, liveness: .seconds(3)).heartbeats == nil, "one broker: a frozen one keeps its connection")
        let several = LazyPirate(endpoints: ["a", "b"], backoff: backoff, liveness: .seconds(3)).heartbeats
        #expect(several?.interval == .milliseconds(500))
        #expect(several?.timeout == .seconds(3))
    }
}
