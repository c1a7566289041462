import Foundation
import Presentation
import TestSupport
import Wire

extension Sandbox {
    /// The gateway's base URL.
    var gatewayURL: String { "http://\(http)" }

    /// The gateway's port, for raw connections.
    var gatewayPort: Int {
        get throws {
            guard let port = http.split(separator: ":").last.flatMap({ Int($0) }) else { throw EndToEndFailure("no port in \(http)") }
            return port
        }
    }

    /// A client of this sandbox's gateway.
    func api(token: String? = nil) -> GatewayHTTP {
        GatewayHTTP(base: gatewayURL, token: token)
    }

    /// Starts `interlude gateway`, learns its port from what it prints, and waits until it serves
    /// `/healthz` with the broker reachable.
    @discardableResult
    func startGateway(name: String = "gateway", environment extra: [String: String] = [:]) async throws -> ProcessHandle {
        let gateway = try start(name, ["gateway"], environment: extra)
        try await ready(gateway, "interlude gateway is up.")
        _ = try await eventually("the gateway to serve /healthz", timeout: .seconds(15)) { () throws -> Bool? in
            if let ended = gateway.termination { throw EndToEndFailure("the gateway exited at start (\(ended)):\n\(gateway.tail())") }
            return (try? await api().get("/healthz"))?.status == 200 ? true : nil
        }
        return gateway
    }

    /// Broker, one worker and the gateway, each a process of its own.
    func startAll(gateway extra: [String: String] = [:]) async throws {
        try await startBroker()
        try await startWorker("w1")
        try await startGateway(environment: extra)
    }

    /// Polls `GET /v1/jobs/{id}` until `condition` holds.
    @discardableResult
    func waitOverHTTP(_ job: String, _ what: String, client: GatewayHTTP? = nil, _ condition: @escaping (Job) -> Bool) async throws -> Job {
        let client = client ?? api()
        return try await eventually("job \(job) to be \(what) over HTTP") {
            let reply = try await client.get("/v1/jobs/\(job)")
            guard reply.status == 200 else { throw EndToEndFailure("GET /v1/jobs/\(job): \(reply)") }
            let current = try reply.decode(Job.self)
            return condition(current) ? current : nil
        }
    }

    /// Waits for the job's question over HTTP.
    func questionOverHTTP(_ job: String, client: GatewayHTTP? = nil) async throws -> Presentation {
        let waiting = try await waitOverHTTP(job, "waiting", client: client) { $0.state == .waiting || $0.isFinished }
        guard let presentation = waiting.presentation else { throw EndToEndFailure("job \(job) ended without asking: \(waiting)") }
        return presentation
    }
}
