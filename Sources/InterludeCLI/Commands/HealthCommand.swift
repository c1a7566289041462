import Client
import Configuration
import Foundation
import Wire

/// `interlude health broker|worker NAME|gateway`: one probe, one line, exit 0 (healthy) or 1, for
/// compose, systemd and Kubernetes alike.
struct HealthCommand: Command {
    let name = "health"
    let summary = "Probe a broker, a worker or the gateway: exit 0 when it answers, 1 when not"
    let options: Set<String> = ["timeout", "wait", "key", "broker-key"]
    let help = """
        Usage: interlude health broker [--timeout SECONDS] [--wait SECONDS] [--key FILE --broker-key KEY]
               interlude health worker [NAME] [--timeout SECONDS] [--wait SECONDS] [--key FILE --broker-key KEY]
               interlude health gateway [--timeout SECONDS] [--wait SECONDS]

        Probes one part and prints one line saying what it checked; exits 0 when it is healthy, 1 when
        not (2 for bad arguments), within the timeout (default 3 s). Made for container health checks,
        systemd's ExecStartPost= and Kubernetes probes.
          broker   the broker's `clients` endpoint answers a stats request
          worker   the broker lists a connected worker named NAME (default: the `workerName` setting),
                   that is, the worker's connection is established and its operations were taken
          gateway  GET /healthz on `http` answers 200
        An address 0.0.0.0, :: or * in `clients` or `http` is probed on the loopback address.
          --timeout     seconds to wait for the answer (0.1–60)
          --wait        keep probing, twice a second, until healthy or SECONDS (0–600) have passed: a
                        readiness check right after start (systemd's ExecStartPost=)
          --key         this probe's CURVE secret key file (instead of curveSecretKeyFile)
          --broker-key  the broker's public key or .pub file (instead of brokerPublicKey)
        A key with the `reader` role is enough (docs/security.md).
        """

    func run(_ arguments: Arguments, settings: Settings) async throws -> Int32 {
        var settings = settings
        let timeout =
            try arguments["timeout"].map { text throws(UsageError) -> Double in
                guard let value = Double(text), (0.1...60).contains(value) else { throw UsageError("--timeout must be from 0.1 to 60 seconds") }
                return value
            } ?? 3
        let wait =
            try arguments["wait"].map { text throws(UsageError) -> Double in
                guard let value = Double(text), (0...600).contains(value) else { throw UsageError("--wait must be from 0 to 600 seconds") }
                return value
            } ?? 0
        settings.requestTimeoutMs = Int(timeout * 1_000)
        if let key = arguments["key"] { settings.curveSecretKeyFile = key }
        if let key = arguments["broker-key"] { settings.brokerPublicKey = key }
        settings.clients = settings.clients.split(separator: ",").map { HealthProbe.loopback(String($0)) }.joined(separator: ",")
        switch arguments.positionals.first {
        case "broker":
            _ = try arguments.positionals("role")
            let connection = Result { try Connection(settings) }
            return await probe(waiting: wait, "broker at \(settings.clients)") {
                let stats = try await connection.get().client.stats()
                return "answers (\(stats.workers) workers connected)"
            }
        case "worker":
            guard arguments.positionals.count <= 2 else { throw UsageError("expected one worker name") }
            guard let worker = arguments.positionals.dropFirst().first ?? (settings.workerName.isEmpty ? nil : settings.workerName) else {
                throw UsageError("give the worker's name, or set workerName")
            }
            let connection = Result { try Connection(settings) }
            return await probe(waiting: wait, "worker \"\(worker)\" at the broker \(settings.clients)") {
                let list = try await connection.get().client.operations()
                guard list.operations.contains(where: { $0.workers.contains(worker) }) else { throw HealthFailure("is not connected") }
                return "is connected"
            }
        case "gateway":
            _ = try arguments.positionals("role")
            let address = HealthProbe.loopback(settings.http)
            return await probe(waiting: wait, "gateway at http://\(address)/healthz") {
                let status = try HealthProbe.httpStatus(address: address, path: "/healthz", timeout: timeout)
                guard status == 200 else { throw HealthFailure("answered \(status)") }
                return "answered 200"
            }
        case let other?:
            throw UsageError("unknown part \"\(other)\": give broker, worker or gateway")
        case nil:
            throw UsageError("give broker, worker or gateway")
        }
    }

    /// Runs `check` (again every half second while it fails, for `waiting` seconds), prints
    /// "healthy: `subject` what it found" or "unhealthy: `subject`: why", and returns the exit status.
    private func probe(waiting: Double, _ subject: String, _ check: () async throws -> String) async -> Int32 {
        let deadline = ContinuousClock.now + .milliseconds(Int(waiting * 1_000))
        while true {
            let problem: String
            do {
                print("healthy: \(subject) \(try await check())")
                return ExitStatus.success
            } catch let error as WireError {
                problem = error.message
            } catch {
                problem = "\(error)"
            }
            guard ContinuousClock.now + .milliseconds(500) < deadline else {
                print("unhealthy: \(subject): \(problem)")
                return ExitStatus.failure
            }
            try? await Task.sleep(for: .milliseconds(500))
        }
    }
}

/// Why a probe found its part unhealthy.
struct HealthFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
