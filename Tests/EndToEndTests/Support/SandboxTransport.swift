import Foundation

/// How the client commands of a sandbox reach Interlude: ZeroMQ to the broker, or HTTP to the gateway
/// with each person's token (`--as NAME` becomes NAME's token), so one test's assertions run over both.
enum Transport: String, CaseIterable, Sendable, CustomStringConvertible {
    case zeroMQ
    case gateway

    var description: String { rawValue }

    /// The commands that go over the gateway when asked to.
    static let clientCommands: Set<String> = ["resolve", "pending", "answer", "status", "jobs", "submit", "cancel", "operations", "link"]

    /// The people the tests answer as; each has a token with every scope.
    static let people = ["e2e", "alice", "bob", "carol", "ana", "dave"]

    /// A person's token.
    static func token(for name: String) -> String { "tok-\(name)-0123456789abcdef" }

    /// `INTERLUDE_TOKENS` for every person.
    static let tokens = people.map { "\($0):\(token(for: $0)):submit+answer+read+link" }.joined(separator: ",")
}

extension Sandbox {
    /// Over the gateway: the arguments without `--as NAME`, and the environment that names the gateway
    /// and NAME's token (the user's, `e2e`, without one) and no reachable broker. Over ZeroMQ, or for
    /// other commands, as they are.
    func overTransport(_ arguments: [String], _ extra: [String: String]) -> ([String], [String: String]) {
        guard transport == .gateway, let command = arguments.first, Transport.clientCommands.contains(command) else { return (arguments, extra) }
        var arguments = arguments
        var name = "e2e"
        if let at = arguments.firstIndex(of: "--as"), at + 1 < arguments.count {
            name = arguments[at + 1]
            arguments.removeSubrange(at...(at + 1))
        }
        var environment = ["INTERLUDE_GATEWAY": gatewayURL, "INTERLUDE_TOKEN": Transport.token(for: name)]
        // No way to the broker: what works, works over HTTP (`--help` lists the broker's operations itself).
        if !arguments.contains("--help") {
            environment.merge(["INTERLUDE_CLIENTS": "tcp://127.0.0.1:1", "INTERLUDE_EVENTS": "tcp://127.0.0.1:1"]) { _, new in new }
        }
        return (arguments, extra.merging(environment) { _, new in new })
    }

    /// Starts the gateway when the client commands go through it.
    func startTransport() async throws {
        if transport == .gateway { try await startGateway() }
    }
}
