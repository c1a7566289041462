import Foundation
import TestSupport
import Testing

/// The compose files as a runbook: every part probed by `interlude health` and waited for, secrets
/// required at `docker-compose config`, two workers on Compose v1 and v2, and an image that runs as
/// its own user and stops gracefully.
@Suite struct ComposeRunbookTests {
    /// The probe each service runs, by role.
    static let probes: [(service: String, probe: String)] = [
        ("broker", "\"broker\""), ("broker-a", "\"broker\""), ("broker-b", "\"broker\""),
        ("worker-1", "\"worker\""), ("worker-2", "\"worker\""), ("worker-ha-1", "\"worker\""), ("worker-ha-2", "\"worker\""),
        ("gateway", "\"gateway\""), ("gateway-ha", "\"gateway\""),
    ]

    @Test("Every Interlude service has a health check running `interlude health` for its role and a 15 s stop grace")
    func everyServiceIsProbed() throws {
        let services = try ComposeFileTests.services()
        for (name, role) in Self.probes {
            let lines = try #require(services[name], "\(name)")
            let test = lines.first { $0.hasPrefix("test: [\"CMD\", \"interlude\", \"health\", ") }
            #expect(test?.contains("\"health\", \(role)") == true, "\(name): \(test ?? "no interlude health check")")
            #expect(lines.contains("stop_grace_period: 15s"), "\(name)")
        }
        for name in ["worker-1", "worker-2", "worker-ha-1", "worker-ha-2"] {
            // The worker probe names the worker by INTERLUDE_WORKER_NAME, so each must have its own.
            #expect(try #require(services[name]).contains("INTERLUDE_WORKER_NAME: \(name)"), "\(name)")
        }
    }

    @Test("Everything that needs a broker starts only once that broker is healthy, and the TLS proxy once the gateway is")
    func dependentsWaitForAHealthyBroker() throws {
        let services = try ComposeFileTests.services()
        for (name, lines) in services where !name.hasPrefix("broker") && name != "postgres" {
            let broker = name == "proxy" ? "gateway:" : name.hasSuffix("-ha") || name.contains("-ha-") ? "broker-a:" : "broker:"
            let index = try #require(lines.firstIndex(of: broker), "\(name) depends on \(broker)")
            #expect(lines[index + 1] == "condition: service_healthy", "\(name)")
        }
    }

    /// `docker-compose config --quiet` on `files` with `environment` (nothing else from the caller), waited for
    /// without holding one of the test pool's threads.
    static func config(_ files: [String], _ environment: [String: String]) async throws -> (status: Int32, stderr: String) {
        let paths = files.map { ComposeFileTests.root.appendingPathComponent($0).path }
        let base = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        let result = try await ChildCommand.run(
            "/usr/bin/docker-compose", paths.flatMap { ["-f", $0] } + ["config", "--quiet"],
            environment: base.merging(environment) { _, new in new }, timeout: .seconds(60))
        return (result.status, result.output)
    }

    @Test(
        "`docker-compose config` fails naming the secret that is unset, and passes once it is set",
        arguments: [
            (["docker-compose.yml"], "INTERLUDE_TOKENS", "set INTERLUDE_TOKENS to name:token:scopes"),
            (["docker-compose.yml", "docker-compose.postgres.yml"], "INTERLUDE_POSTGRES_PASSWORD", "set INTERLUDE_POSTGRES_PASSWORD"),
        ])
    func configRequiresEverySecret(files: [String], variable: String, message: String) async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/docker-compose") else {
            Issue.record("/usr/bin/docker-compose is missing: INTERLUDE_WITH_TEST_TOOLS=1 scripts/install-deps.sh")
            return
        }
        let all = ["INTERLUDE_TOKENS": "ops:a-long-random-token:submit+answer+read", "INTERLUDE_POSTGRES_PASSWORD": "a-password"]
        let unset = try await Self.config(files, all.filter { $0.key != variable })
        #expect(unset.status != 0, "\(unset)")
        #expect(unset.stderr.contains(message), "\(unset.stderr)")
        let set = try await Self.config(files, all)
        #expect(set.status == 0, "\(set.stderr)")
    }

    @Test("The image runs as uid 10001, stops on SIGTERM, probes itself, and its build context leaves out build output, history and data")
    func theImage() throws {
        let dockerfile = try String(contentsOf: ComposeFileTests.root.appendingPathComponent("Dockerfile"), encoding: .utf8)
        let runtime = try #require(dockerfile.components(separatedBy: "FROM debian:bookworm-slim").last)
        #expect(runtime.contains("useradd --system --uid 10001 --gid 10001"))
        #expect(runtime.contains("chown interlude:interlude /var/lib/interlude /var/lib/interlude-gateway /srv/library"))
        #expect(runtime.contains("\nUSER 10001:10001\n"))
        #expect(runtime.contains("\nSTOPSIGNAL SIGTERM\n"))
        #expect(runtime.contains("HEALTHCHECK ") && runtime.contains("interlude health $HEALTH_PROBE"))
        let ignored = try String(contentsOf: ComposeFileTests.root.appendingPathComponent(".dockerignore"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        for pattern in [".git", ".build", "**/.build", "data", "library", "keys", ".swiftpm"] {
            #expect(ignored.contains(pattern), "\(pattern)")
        }
        #expect(!ignored.contains("Tests") && !ignored.contains("Examples"), "Package.swift and the example's Dockerfile need them")
    }
}
