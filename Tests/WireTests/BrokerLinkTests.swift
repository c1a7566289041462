import Testing
import Wire

/// The client's link: waits from 100 ms to 1 s, silence left to the socket's heartbeats.
@Suite("A client's broker link") struct BrokerLinkTests {
    let backoff = BrokerLink.Backoff(initial: .milliseconds(100), maximum: .seconds(1))
    let start = ContinuousClock.now

    func link(_ endpoints: [String]) -> BrokerLink {
        BrokerLink(endpoints: endpoints, backoff: backoff, liveness: .seconds(3), at: start)
    }

    @Test("A timeout condemns the connection only when nothing came back on it since the request left, and what it held fails")
    func slowIsNotBroken() {
        var link = link(["a"])
        link.replied(at: start + .milliseconds(50))
        #expect(link.timedOut(sentAt: start) == .keep, "a reply arrived after it was sent: the broker is only slow")
        #expect(link.timedOut(sentAt: start + .milliseconds(60)) == .reopen(after: .milliseconds(100), resend: false))
    }

    @Test("The wait before reopening doubles with each failure in a row, up to the maximum, and a reply resets it")
    func backoffDoublesAndResets() {
        var link = link(["a"])
        let delays = (0..<6).map { _ in link.leave(.socketError, at: start) }
        #expect(delays == [100, 200, 400, 800, 1000, 1000].map { .reopen(after: .milliseconds($0), resend: false) })
        link.replied(at: start)
        #expect(link.leave(.socketError, at: start) == .reopen(after: .milliseconds(100), resend: false))
    }

    @Test("Each reopen moves to the next endpoint, round the list, and forgets the old connection's replies")
    func reopeningRotatesEndpoints() {
        var link = link(["a", "b", "c"])
        var seen = [link.endpoint]
        for _ in 0..<3 {
            link.replied(at: start)
            link.reopened(at: start)
            seen.append(link.endpoint)
            #expect(link.lastReply == nil)
        }
        #expect(seen == ["a", "b", "c", "a"])
        #expect(link.reopens == 3)
    }

    @Test("Moving on from a broker that is not the active one waits little, at most half a second, resends, and a reply resets it")
    func movingOnIsQuick() {
        var link = link(["a", "b"])
        #expect(link.hasAlternatives && !self.link(["a"]).hasAlternatives)
        let delays = (0..<5).map { _ in link.leave(.standingBy, at: start) }
        #expect(delays == [100, 200, 400, 500, 500].map { .reopen(after: .milliseconds($0), resend: true) })
        link.replied(at: start)
        #expect(link.leave(.standingBy, at: start) == .reopen(after: .milliseconds(100), resend: true))
    }

    @Test("A broker left because it failed is passed over for one liveness window, for the standby just left too, then tried again")
    func aFailedBrokerIsPassedOver() {
        var link = link(["a", "b"])
        #expect(link.leave(.disconnected, at: start) == .reopen(after: .milliseconds(100), resend: true), "a: its heartbeats went unanswered")
        link.reopened(at: start + .milliseconds(100))
        #expect(link.endpoint == "b")
        _ = link.leave(.standingBy, at: start + .milliseconds(200))
        link.reopened(at: start + .milliseconds(300))
        #expect(link.endpoint == "b", "b stands by (it may be about to take over): asked again, not the frozen a")
        _ = link.leave(.standingBy, at: start + .milliseconds(400))
        link.reopened(at: start + .seconds(3))
        #expect(link.endpoint == "a", "a liveness window later a is tried again")
    }

    @Test("When every broker failed within the window, the next one is tried all the same")
    func whenAllFailedTheNextIsTried() {
        var link = link(["a", "b", "c"])
        for (failure, next) in [(BrokerLink.Failure.unreachable, "b"), (.noConnection(within: .seconds(1)), "c"), (.noHandshake(within: .seconds(3)), "a")] {
            _ = link.leave(failure, at: start)
            link.reopened(at: start)
            #expect(link.endpoint == next)
        }
        #expect(link.hasFailed(1, at: start + .milliseconds(2_999)) && !link.hasFailed(1, at: start + .seconds(3)))
    }

    @Test("ZMTP heartbeats only with several brokers: a ping every sixth of the liveness window, dropped after the window")
    func heartbeatsFollowTheLivenessWindow() {
        #expect(link(["a"]).heartbeats == nil, "one broker: a frozen one keeps its connection")
        #expect(link(["a", "b"]).heartbeats?.interval == .milliseconds(500))
        #expect(link(["a", "b"]).heartbeats?.timeout == .seconds(3))
    }

    @Test("One of several brokers that lets nothing up within a second, or does not finish the handshake within three, is left while something waits")
    func aBrokerThatDoesNotLetTheConnectionInIsLeft() {
        var link = link(["a", "b"])
        #expect(link.failure(at: start + .milliseconds(999), waiting: true) == nil)
        #expect(link.failure(at: start + .seconds(1), waiting: false) == nil, "nothing to send: no hurry")
        #expect(link.failure(at: start + .seconds(1), waiting: true) == .noConnection(within: .seconds(1)))
        #expect(link.observe(.established, at: start) == nil)
        #expect(link.failure(at: start + .seconds(2), waiting: true) == nil, "the connection is up: a starved broker is slow, not gone")
        #expect(link.failure(at: start + .seconds(3), waiting: true) == .noHandshake(within: .seconds(3)))
        #expect(link.observe(.succeeded, at: start) == nil)
        #expect(link.failure(at: start + .seconds(60), waiting: true) == nil, "let in: silence is the heartbeats' to judge")
        #expect(self.link(["a"]).failure(at: start + .seconds(60), waiting: true) == nil, "one broker: nowhere to go")
    }

    @Test("A lost or unreachable connection is left only with somewhere to go and while the broker has not refused the key")
    func lostConnectionsAreLeftUnlessRefused() {
        var several = link(["a", "b"])
        #expect(several.observe(.disconnected, at: start) == .disconnected)
        #expect(several.observe(.unreachable, at: start) == .unreachable)
        #expect(several.observe(.refused, at: start) == nil)
        #expect(several.observe(.disconnected, at: start) == nil, "a broker that refuses the key is alive: the refusal stands")
        several.opened(at: start)
        #expect(several.observe(.disconnected, at: start) == .disconnected, "a new connection starts over")
        var one = link(["a"])
        #expect(one.observe(.disconnected, at: start) == nil)
    }

    @Test("A handshake that breaks off is a broker that went away until it happens three times per broker in a row; one let in starts the count over")
    func brokenHandshakesBecomeARefusalOnlyInARow() {
        var several = link(["a", "b"])
        for _ in 1..<several.brokenHandshakesToRefuse {
            #expect(several.observe(.brokeOff, at: start) == .disconnected, "a broker stopped mid-handshake: move on")
            #expect(!several.connection.refused)
            several.opened(at: start)
        }
        #expect(several.observe(.brokeOff, at: start) == nil, "every handshake of the list broke off: a refusal")
        #expect(several.connection.refused)
        several.opened(at: start)
        #expect(several.observe(.succeeded, at: start) == nil)
        #expect(several.observe(.brokeOff, at: start) == .disconnected, "let in since: the count started over")
        var one = link(["a"])
        #expect(one.brokenHandshakesToRefuse == 3)
        #expect(one.observe(.brokeOff, at: start) == nil)
        #expect(one.observe(.brokeOff, at: start) == nil)
        #expect(!one.connection.refused, "two in a row with one broker: still a restart, not a wrong key")
        #expect(one.observe(.brokeOff, at: start) == nil)
        #expect(one.connection.refused)
    }
}
