import Foundation
import Testing

/// docker-compose.yml and docker-compose.postgres.yml as the security documentation and the runbook
/// (docs/deployment.md) describe them: only the gateway published, CURVE everywhere, health checks.
@Suite struct ComposeFileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each service's lines in both files, by name (the two-space-indented keys under `services:`).
    static func services() throws -> [String: [String]] {
        try services(in: "docker-compose.yml").merging(try services(in: "docker-compose.postgres.yml")) { first, _ in first }
    }

    /// Each service's lines in `file`, by name.
    static func services(in file: String) throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        var services: [String: [String]] = [:]
        var current: String?
        var inServices = false
        for line in text.split(separator: "\n").map(String.init) where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            if !line.hasPrefix(" ") {
                inServices = line == "services:"
                current = nil
            } else if inServices, line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                current = String(line.dropFirst(2).dropLast())
                services[current!] = []
            } else if let current {
                services[current]?.append(line.trimmingCharacters(in: .whitespaces))
            }
        }
        return services
    }

    @Test func onlyTheGatewayIsPublishedOnTheHostsLoopbackAndOnlyTheTLSProxyBeyondIt() throws {
        let services = try Self.services()
        #expect(
            Set(services.keys) == [
                "broker", "worker-1", "worker-2", "gateway", "hello-worker", "postgres", "broker-a", "broker-b", "worker-ha-1", "worker-ha-2", "gateway-ha",
                "proxy",
            ])
        for (name, lines) in services {
            #expect(lines.contains("ports:") == ["gateway", "gateway-ha", "proxy"].contains(name), "\(name)")
        }
        let published = try #require(services["gateway"]).filter { $0.hasPrefix("- \"") && $0.contains(":8080") }
        #expect(published == ["- \"127.0.0.1:8080:8080\""])
        let standby = try #require(services["gateway-ha"]).filter { $0.hasPrefix("- \"") && $0.contains(":8080") }
        #expect(standby == ["- \"127.0.0.1:8081:8080\""])
        #expect(try #require(services["proxy"]).filter { $0.hasPrefix("- \"") } == ["- \"443:443\""])
    }

    @Test func everyServiceUsesCurveWithItsKeyMountedAsASecret() throws {
        let services = try Self.services()
        for (name, key) in [
            ("broker", "broker_key"), ("worker-1", "worker_key"), ("worker-2", "worker_key"), ("hello-worker", "worker_key"),
            ("gateway", "gateway_key"), ("broker-a", "broker_key"), ("broker-b", "broker_key"), ("worker-ha-1", "worker_key"),
            ("worker-ha-2", "worker_key"), ("gateway-ha", "gateway_key"),
        ] {
            let lines = try #require(services[name])
            #expect(lines.contains("INTERLUDE_CURVE_SECRET_KEY_FILE: /run/secrets/\(key)"), "\(name)")
            #expect(lines.contains("- \(key)"), "\(name) mounts its key")
        }
        #expect(try #require(services["broker"]).contains("INTERLUDE_AUTHORIZED_KEYS_FILE: /run/secrets/authorized_keys"))
        for name in ["worker-1", "worker-2", "hello-worker", "gateway", "worker-ha-1", "worker-ha-2", "gateway-ha"] {
            #expect(try #require(services[name]).contains("INTERLUDE_BROKER_PUBLIC_KEY: /run/secrets/broker_pub"), "\(name)")
        }
    }

    @Test func thePostgresProfileRunsTwoBrokersOnOneDatabaseAndEveryoneFollowsBoth() throws {
        let services = try Self.services()
        let postgres = try #require(services["postgres"])
        #expect(postgres.contains("image: postgres:15") && postgres.contains("healthcheck:") && postgres.contains("- postgres:/var/lib/postgresql/data"))
        for name in ["broker-a", "broker-b"] {
            let lines = try #require(services[name])
            #expect(
                lines.contains(
                    "INTERLUDE_JOURNAL: postgresql://interlude:${INTERLUDE_POSTGRES_PASSWORD:?set INTERLUDE_POSTGRES_PASSWORD}@postgres:5432/interlude"),
                "\(name)")
            #expect(lines.contains("condition: service_healthy"), "\(name) waits for the database")
        }
        for name in ["worker-ha-1", "worker-ha-2"] {
            #expect(try #require(services[name]).contains("INTERLUDE_WORKERS: tcp://broker-a:5571,tcp://broker-b:5571"), "\(name)")
        }
        #expect(try #require(services["gateway-ha"]).contains("INTERLUDE_CLIENTS: tcp://broker-a:5570,tcp://broker-b:5570"))
        for (name, lines) in services where ["postgres", "broker-a", "broker-b", "worker-ha-1", "worker-ha-2", "gateway-ha"].contains(name) {
            #expect(lines.contains("profiles: [\"postgres\"]"), "\(name) runs only in the postgres profile")
        }
    }
}
