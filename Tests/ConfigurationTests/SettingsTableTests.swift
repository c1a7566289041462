import Configuration
import Foundation
import Testing

/// The table of settings against what is kept outside Swift: the shipped file and the docs' table.
@Suite struct SettingsTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func theShippedFileHoldsExactlyTheTablesKeysWithTheirDefaultsAndDocLines() throws {
        let data = try Data(contentsOf: Self.root.appendingPathComponent("config/interlude.json"))
        let values = try JSONDecoder().decode([String: Settings.RawValue].self, from: data).filter { !$0.key.hasPrefix("_") }
        #expect(Set(values.keys) == Set(Settings.keys), "config/interlude.json's keys differ from the table's")
        let docs = try JSONDecoder().decode(ShippedDocs.self, from: data).doc
        #expect(Set(docs.keys).subtracting(["about"]) == Set(Settings.keys), "config/interlude.json's _doc keys differ from the table's")
        for setting in Settings.table {
            switch values[setting.key] {
            case .number(let number)?: #expect(setting.isNumber && String(Int64(number)) == setting.defaultValue, "\(setting.key): \(number)")
            case .string(let text)?: #expect(!setting.isNumber && text == setting.defaultValue, "\(setting.key): \(text)")
            default: Issue.record("\(setting.key) is missing or neither a number nor a string")
            }
            #expect(docs[setting.key] == "\(setting.doc) \(setting.environment)", "_doc.\(setting.key) is not the table's line")
        }
    }

    @Test func theDocsTableListsTheTablesKeysVariablesAndDefaultsInOrder() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") && $0.split(separator: "|").count >= 4 }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { $0[1].hasPrefix("`INTERLUDE_") }
        #expect(rows.map { $0[0] } == Settings.table.map { "`\($0.key)`" })
        for (row, setting) in zip(rows, Settings.table) {
            #expect(row[1] == "`\(setting.environment)`", "\(setting.key)'s variable")
            #expect(row[2] == setting.documentedDefault, "\(setting.key)'s default: the docs say \(row[2])")
        }
    }

    @Test func aSecretIsNeverPrintedButOtherValuesAre() throws {
        var settings = Settings()
        for setting in Settings.table where setting.isSecret { try settings.set(setting.key, .string("whsec_s3cret-\(setting.key)"), source: "test") }
        try settings.set("journal", .string("postgresql://interlude:hunter2@db.example/interlude"), source: "test")
        try settings.set("workerName", .string("visible-name"), source: "test")
        let printed = settings.description
        #expect(!printed.contains("s3cret") && !printed.contains("hunter2"), "\(printed)")
        #expect(Settings.secretKeys == ["incomingSecret", "webhookSecret", "tokens"])
        #expect(printed.contains("workerName=visible-name") && printed.contains("incomingSecret=(redacted)") && printed.contains("concurrency=4"))
    }

    @Test(arguments: [
        ("INTERLUDE_CONCURRENCY", "0", "must be from 1 to 1000"),
        ("INTERLUDE_EXPORT_RESERVE_BYTES", "-1", "must not be negative"),
        ("INTERLUDE_REQUEST_TIMEOUT_MS", "0", "must be positive"),
        ("INTERLUDE_REMINDER_SECONDS", "-1", "must be from 0 (none) to 31622400 (a year)"),
        ("INTERLUDE_MAX_MESSAGE_BYTES", "1024", "must be from 65536 to 67108864"),
        ("INTERLUDE_SYNCHRONOUS", "off", "must be full or normal, got \"off\""),
        ("INTERLUDE_LOG_LEVEL", "loud", "must be debug, info, warning, error or off"),
        ("INTERLUDE_LOG_FORMAT", "xml", "must be text or json"),
        ("INTERLUDE_HTTP", "nowhere", "expected host:port with a port from 0 to 65535, got \"nowhere\""),
        ("INTERLUDE_WORKERS", "tcp://127.0.0.1:0", "port must be from 1 to 65535 or *, got \"0\""),
        ("INTERLUDE_WEBHOOK_URL", "https://hooks.example/", "webhookUrl needs a webhookSecret"),
        ("INTERLUDE_DATA", "", "must not be empty"),
        ("INTERLUDE_ALLOWED_ORIGINS", "https://a.example/path", "\"https://a.example/path\" is not an origin: expected scheme://host[:port], without a path"),
        ("INTERLUDE_HEARTBEAT_MS", "often", "expected a whole number"),
    ])
    func aBadValueIsRefusedWithTheMessageItAlwaysHad(variable: String, value: String, problem: String) {
        let error = #expect(throws: ConfigurationError.self) { try Settings.load(file: nil, environment: [variable: value]) }
        #expect(error?.problem == problem)
        let setting = Settings.table.first { $0.environment == variable }
        #expect(error?.key == (variable == "INTERLUDE_WEBHOOK_URL" ? "webhookSecret" : setting?.key))
    }
}

/// The `_doc` object of the shipped file.
private struct ShippedDocs: Decodable {
    let doc: [String: String]
    enum CodingKeys: String, CodingKey { case doc = "_doc" }
}
