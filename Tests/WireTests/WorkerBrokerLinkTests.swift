import Testing
import Wire

/// The worker's link: a 3 s liveness window judged from what it hears, waits from 250 ms to 8 s.
@Suite("A worker's broker link") struct WorkerBrokerLinkTests {
    let start = ContinuousClock.now

    func link(_ endpoints: [String]) -> BrokerLink {
        BrokerLink(
            endpoints: endpoints, backoff: .init(initial: .milliseconds(250), maximum: .seconds(8)), liveness: .seconds(3),
            handshakeWait: .seconds(3), watchesSilence: true, at: start)
    }

    @Test("Waits double up to eight seconds, moving on waits at most half a second")
    func waitsDoubleUpToEightSeconds() {
        var link = link(["a", "b"])
        let moves = (0..<4).map { _ in link.leave(.standingBy, at: start) }
        #expect(moves == [250, 500, 500, 500].map { .reopen(after: .milliseconds($0), resend: true) })
        let silences = (0..<3).map { _ in link.leave(.silent(for: .seconds(3)), at: start) }
        #expect(silences == [4, 8, 8].map { .reopen(after: .seconds($0), resend: true) })
    }

    @Test("A broker that took the worker in starts the waits over")
    func aWelcomeStartsTheWaitsOver() {
        var link = link(["a", "b"])
        for _ in 0..<6 { _ = link.leave(.unreachable, at: start) }
        link.replied(at: start)
        #expect(link.leave(.silent(for: .seconds(3)), at: start) == .reopen(after: .milliseconds(250), resend: true))
        #expect(link.leave(.silent(for: .seconds(3)), at: start) == .reopen(after: .milliseconds(500), resend: true))
    }

    @Test("A broker that let the worker in and then says nothing for the liveness window is silent; what it says keeps it")
    func silenceIsJudgedFromWhatIsHeard() {
        var link = link(["a", "b"])
        _ = link.observe(.succeeded, at: start + .milliseconds(100))
        link.heard(at: start + .seconds(2))
        #expect(link.failure(at: start + .seconds(5), waiting: true) == nil)
        #expect(link.failure(at: start + .milliseconds(5_001), waiting: true) == .silent(for: .seconds(3)))
        #expect(link.heartbeats == nil, "no ZMTP heartbeats: the broker's own heartbeats are heard")
    }

    @Test("One of several brokers whose connection is up but never lets the worker in is left after the window; with one broker it is silent")
    func aFrozenHandshakeIsLeftAfterTheWindow() {
        var several = link(["a", "b"])
        _ = several.observe(.established, at: start)
        #expect(several.failure(at: start + .milliseconds(2_999), waiting: true) == nil, "a starved broker is slow, not gone")
        #expect(several.failure(at: start + .milliseconds(3_001), waiting: true) == .noHandshake(within: .seconds(3)))
        var one = link(["a"])
        _ = one.observe(.established, at: start)
        #expect(one.failure(at: start + .milliseconds(3_001), waiting: true) == .silent(for: .seconds(3)))
    }

    @Test("A worker that left a frozen active broker, turned away by the standby, asks the standby again, not the frozen broker, until a window passed")
    func aWorkerPassesOverTheFrozenBrokerItLeft() {
        var link = link(["a", "b"])
        _ = link.observe(.succeeded, at: start)
        let silent = start + .milliseconds(3_100)
        let failure = link.failure(at: silent, waiting: true)
        #expect(failure == .silent(for: .seconds(3)), "a was stopped: nothing more came from it")
        _ = link.leave(failure!, at: silent)
        link.reopened(at: silent + .milliseconds(250))
        #expect(link.endpoint == "b")
        for turn in 1...5 {
            let now = silent + .milliseconds(250 + 500 * turn)
            _ = link.leave(.standingBy, at: now)
            link.reopened(at: now)
            #expect(link.endpoint == "b", "b has not taken over yet: asked again (turn \(turn))")
        }
        _ = link.leave(.standingBy, at: silent + .seconds(3))
        link.reopened(at: silent + .seconds(3))
        #expect(link.endpoint == "a", "a window after a was left it is tried again")
    }
}
