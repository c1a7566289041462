import Foundation
import Testing

extension EndToEnd {
    /// `interlude health`, the probe containers, systemd and Kubernetes run: exit 0 while the part
    /// answers, 1 once it is gone, one line on stdout saying what was checked.
    @Suite("Health probes") struct HealthProbes {
        @Test("`health broker` exits 0 while the broker answers stats and 1 once it is gone")
        func broker() async throws {
            let sandbox = try Sandbox("health-broker", demoLibrary: false)
            defer { sandbox.shutdown() }
            let broker = try await sandbox.startBroker()
            let up = try await sandbox.cli("health", "broker")
            #expect(up.status == 0, "\(up)")
            #expect(up.stdout == "healthy: broker at \(sandbox.clients) answers (0 workers connected)\n", "\(up)")
            broker.kill()
            let down = try await sandbox.cli("health", "broker", "--timeout", "1")
            #expect(down.status == 1, "\(down)")
            #expect(down.stdout.hasPrefix("unhealthy: broker at \(sandbox.clients): "), "\(down)")
        }

        @Test("`health worker NAME` exits 0 while the broker lists the worker and 1 once it has stopped or for another name")
        func worker() async throws {
            let sandbox = try Sandbox("health-worker", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            // Started before the worker, a waiting probe (systemd's readiness check) ends once the worker is in.
            let waiting = try sandbox.start("probe", ["health", "worker", "w1", "--wait", "60"])
            let worker = try await sandbox.startWorker("w1")
            let ready = await waiting.exit(within: .seconds(60))
            #expect(ready?.status == 0 && ready?.signalled == false, "\(waiting.stdout)")
            #expect(waiting.stdout == "healthy: worker \"w1\" at the broker \(sandbox.clients) is connected\n")
            let up = try await sandbox.cli("health", "worker", "w1")
            #expect(up.status == 0, "\(up)")
            #expect(up.stdout == "healthy: worker \"w1\" at the broker \(sandbox.clients) is connected\n", "\(up)")
            // The workerName setting names it when no NAME is given, as in a worker's own container.
            let named = try await sandbox.cli(["health", "worker"], environment: ["INTERLUDE_WORKER_NAME": "w1"])
            #expect(named.status == 0, "\(named)")
            let other = try await sandbox.cli("health", "worker", "w2")
            #expect(other.status == 1 && other.stdout.hasSuffix("is not connected\n"), "\(other)")
            worker.terminate()
            #expect(await worker.exit(within: .seconds(15)) != nil)
            _ = try await sandbox.eventually("the probe to find w1 gone") { () async throws -> Bool? in
                let down = try await sandbox.cli("health", "worker", "w1")
                return down.status == 1 && down.stdout.hasSuffix("is not connected\n") ? true : nil
            }
        }

        @Test("`health gateway` exits 0 while GET /healthz answers 200 and 1 once the gateway is gone")
        func gateway() async throws {
            let sandbox = try Sandbox("health-gateway", demoLibrary: false)
            defer { sandbox.shutdown() }
            try await sandbox.startBroker()
            let gateway = try await sandbox.startGateway()
            let up = try await sandbox.cli("health", "gateway")
            #expect(up.status == 0, "\(up)")
            #expect(up.stdout == "healthy: gateway at http://\(sandbox.http)/healthz answered 200\n", "\(up)")
            gateway.kill()
            let down = try await sandbox.cli("health", "gateway", "--timeout", "1")
            #expect(down.status == 1 && down.stdout.hasPrefix("unhealthy: gateway at http://\(sandbox.http)/healthz: "), "\(down)")
        }

        @Test("A reader key is enough to probe a broker that admits only listed CURVE keys, and a probe on 0.0.0.0 asks the loopback address")
        func readerKey() async throws {
            let sandbox = try Sandbox("health-reader", demoLibrary: false)
            defer { sandbox.shutdown() }
            let keys = try await SandboxKeys(sandbox)
            let probe = try await keys.make("probe", in: sandbox)
            try keys.authorize([("reader", probe)])
            try await sandbox.startBroker(environment: keys.brokerSettings)
            let wildcard = sandbox.clients.replacingOccurrences(of: "127.0.0.1", with: "0.0.0.0")
            let up = try await sandbox.cli(
                ["health", "broker", "--key", probe.secretFile, "--broker-key", keys.broker.publicKey], environment: ["INTERLUDE_CLIENTS": wildcard])
            #expect(up.status == 0, "\(up)")
            let submit = try await sandbox.cli(["submit", "noop", "--input", "{}"], environment: keys.client(probe))
            #expect(submit.status == 3, "a reader may not submit: \(submit)")
        }

        @Test(
            "Bad arguments are a usage error (exit 2)",
            arguments: [
                ["health"], ["health", "frobnicate"], ["health", "broker", "extra"], ["health", "worker", "a", "b"],
                ["health", "worker"], ["health", "gateway", "--timeout", "0"], ["health", "broker", "--timeout", "soon"],
                ["health", "broker", "--wait", "601"],
            ])
        func usage(arguments: [String]) async throws {
            let sandbox = try Sandbox("health-usage", demoLibrary: false)
            defer { sandbox.shutdown() }
            let run = try await sandbox.cli(arguments)
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("interlude help health"), "the usage error says where the help is: \(run)")
        }
    }
}
