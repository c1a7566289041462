import Configuration
import Foundation
import SQLite
import Testing

@Suite final class SettingsTests {
    private var written: [String] = []

    deinit {
        for path in written { try? FileManager.default.removeItem(atPath: path) }
    }

    /// A configuration file in the temporary folder, removed when the test ends.
    func file(_ json: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("interlude-\(UUID().uuidString).json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        written.append(path)
        return path
    }

    @Test func defaultsAreLoopbackAndValid() throws {
        let settings = try Settings.load(file: nil, environment: ["INTERLUDE_CONFIG": ""].filter { _ in false })
        #expect(settings.clients == "tcp://127.0.0.1:5570")
        #expect(settings.http == "127.0.0.1:8080")
        #expect(settings.synchronous == .full)
    }

    @Test(arguments: Settings.keys)
    func everyKeyHasAnEnvironmentVariable(key: String) {
        #expect(Settings.environmentName(key).hasPrefix("INTERLUDE_"))
        #expect(!Settings.environmentName(key).contains { $0.isLowercase })
    }

    @Test func theEnvironmentOverridesTheFile() throws {
        let path = try file(#"{"concurrency": 2, "workers": "tcp://127.0.0.1:6001", "_doc": {"anything": "ignored"}}"#)
        let settings = try Settings.load(file: path, environment: ["INTERLUDE_CONCURRENCY": "7", "INTERLUDE_HEARTBEAT_MS": "250"])
        #expect(settings.concurrency == 7)
        #expect(settings.workers == "tcp://127.0.0.1:6001")
        #expect(settings.heartbeatMs == 250)
    }

    @Test func aKeyGivenTwiceInTheFileIsRefusedNamingItAndBothLines() throws {
        let path = try file("{\n  \"concurrency\": 2,\n  \"_doc\": \"a\",\n  \"_doc\": \"b\",\n  \"concurrency\": 8\n}\n")
        let error = #expect(throws: ConfigurationError.self) { try Settings.load(file: path, environment: [:]) }
        #expect(error?.key == "concurrency")
        #expect(error?.description == "configuration concurrency (from \(path) line 5): given twice (first on line 2); keep one")
        #expect(
            try Settings.load(file: try file(#"{"_doc": "a", "_doc": "b", "concurrency": 2}"#), environment: [:]).concurrency == 2,
            "documentation keys may repeat")
    }

    @Test func theShippedFileDocumentsEveryKeyAndLoads() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("config/interlude.json").path
        let settings = try Settings.load(file: path, environment: [:])
        #expect(settings == Settings())
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in Settings.keys {
            #expect(text.contains("\"\(key)\":"), "config/interlude.json lacks \(key)")
            #expect(text.contains(Settings.environmentName(key)), "config/interlude.json does not name \(Settings.environmentName(key))")
        }
    }

    @Test func theDocumentedWebhookInFlightIsTheDefaultAndItsOrderIsSaid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let table = try String(contentsOf: root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("| `webhookInFlight` |") })
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[2] == "`\(Settings().webhookInFlight)`", "docs/configuration.md says \(cells[2])")
        #expect(row.contains("may arrive out of event order") && row.contains("`data.sequence`") && row.contains("`webhook-id`"))
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`webhookInFlight` (\(Settings().webhookInFlight) by default)"))
        #expect(readme.contains("may arrive out of order"))
    }

    @Test(arguments: [
        (["INTERLUDE_CONCURRENCY": "many"], "concurrency"),
        (["INTERLUDE_CONCURRENCY": "0"], "concurrency"),
        (["INTERLUDE_CLIENTS": "localhost:5570"], "clients"),
        (["INTERLUDE_WORKERS": "tcp://127.0.0.1:99999"], "workers"),
        (["INTERLUDE_CLIENTS": "tcp://127.0.0.1:5570,localhost:5580"], "clients"),
        (["INTERLUDE_EVENTS": "tcp://127.0.0.1:5572,"], "events"),
        (["INTERLUDE_RETENTION": "a week"], "retention"),
        (["INTERLUDE_RETENTION": "-1d"], "retention"),
        (["INTERLUDE_HTTP": "127.0.0.1"], "http"),
        (["INTERLUDE_SYNCHRONOUS": "sometimes"], "synchronous"),
        (["INTERLUDE_LOG_LEVEL": "loud"], "logLevel"),
        (["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "0"], "httpIdleTimeoutSeconds"),
        (["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "3601"], "httpIdleTimeoutSeconds"),
        (["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "soon"], "httpIdleTimeoutSeconds"),
        (["INTERLUDE_WEBHOOK_IN_FLIGHT": "0"], "webhookInFlight"),
        (["INTERLUDE_WEBHOOK_IN_FLIGHT": "257"], "webhookInFlight"),
        (["INTERLUDE_WEBHOOK_IN_FLIGHT": "many"], "webhookInFlight"),
    ])
    func badValuesAreRefusedNamingTheKey(environment: [String: String], key: String) {
        let error = #expect(throws: ConfigurationError.self) { try Settings.load(file: nil, environment: environment) }
        #expect(error?.key == key)
    }

    @Test func theIdleTimeoutIsReadAndItsRefusalSaysTheRange() throws {
        #expect(try Settings.load(file: nil, environment: [:]).httpIdleTimeoutSeconds == 60)
        #expect(try Settings.load(file: nil, environment: ["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "5"]).httpIdleTimeoutSeconds == 5)
        let error = #expect(throws: ConfigurationError.self) {
            try Settings.load(file: nil, environment: ["INTERLUDE_HTTP_IDLE_TIMEOUT_SECONDS": "0"])
        }
        #expect(error?.problem.contains("from 1 to 3600") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["1e30", "-1e300", "9.5", "9223372036854775808"])
    func aNumberThatIsNoWholeNumberInRangeIsRefusedNotATrap(number: String) throws {
        let path = try file(#"{"concurrency": \#(number)}"#)
        let error = #expect(throws: ConfigurationError.self) { try Settings.load(file: path, environment: [:]) }
        #expect(error?.key == "concurrency")
    }

    @Test func endpointsMayListSeveralBrokers() throws {
        let settings = try Settings.load(
            file: nil,
            environment: [
                "INTERLUDE_CLIENTS": "tcp://10.0.0.1:5570, tcp://10.0.0.2:5570", "INTERLUDE_WORKERS": "tcp://a:5571,tcp://b:5571",
            ])
        #expect(settings.clients == "tcp://10.0.0.1:5570, tcp://10.0.0.2:5570")
    }

    @Test func retentionIsADurationOrZero() throws {
        #expect(try Settings.load(file: nil, environment: [:]).retentionSeconds == 7 * 86_400)
        #expect(try Settings.load(file: nil, environment: ["INTERLUDE_RETENTION": "0"]).retentionSeconds == 0)
        #expect(try Settings.load(file: nil, environment: ["INTERLUDE_RETENTION": "12h"]).retentionSeconds == 12 * 3_600)
    }

    @Test func unknownKeysInTheFileAreRefused() throws {
        let path = try file(#"{"concurency": 2}"#)
        let error = #expect(throws: ConfigurationError.self) { try Settings.load(file: path, environment: [:]) }
        #expect(error?.key == "concurency")
        #expect(error?.source == path)
    }

    @Test func aFileThatIsNotJSONIsRefused() throws {
        let path = try file("concurrency = 2")
        #expect(throws: ConfigurationError.self) { try Settings.load(file: path, environment: [:]) }
    }

    @Test func anExplicitFileMustExist() {
        #expect(throws: ConfigurationError.self) { try Settings.load(file: "/nonexistent/interlude.json", environment: [:]) }
    }
}
