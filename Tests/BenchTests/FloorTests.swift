import Foundation
import Testing
import ZeroMQ

@testable import Bench

/// The floor on real sockets: every round trip comes back, one at a time and with a window (no timing asserted).
@Suite struct FloorTests {
    @Test(arguments: ["echo", "proxy hop"])
    func everyRoundTripComesBack(target name: String) async throws {
        let context = try Context()
        let target = name == "echo" ? try await FloorTarget.echo(context: context) : try await FloorTarget.proxyHop(context: context)
        defer { target.stop() }
        let result = try await FloorRun.measure(context: context, endpoint: target.endpoint, roundTrips: 200, inFlight: 16, limit: .seconds(30))
        #expect(result.roundTrips == 200)
        #expect(result.latency.count == 200)
        #expect(result.inFlight == 16)
        #expect(result.inFlightPerSecond > 0)
    }
}
