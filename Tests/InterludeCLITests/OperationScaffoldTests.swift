import Testing

@testable import InterludeCLI

/// What `interlude new operation NAME` writes, without building it (the end-to-end test builds it).
@Suite struct OperationScaffoldTests {
    @Test func aLowerCamelCaseNameNamesThePackageTheTypeTheWorkerAndEveryKey() throws {
        let scaffold = try OperationScaffold(name: "archiveLogs", interlude: "/src/interlude", version: "0.1.0")
        #expect(scaffold.typeName == "ArchiveLogs")
        #expect(
            scaffold.files.keys.sorted() == [
                ".gitignore", "Package.swift", "Sources/ArchiveLogs/ArchiveLogs+Texts.swift", "Sources/ArchiveLogs/ArchiveLogs.swift",
                "Sources/archiveLogs-worker/main.swift", "Tests/ArchiveLogsTests/ArchiveLogsTests.swift",
            ])
        let manifest = try #require(scaffold.files["Package.swift"])
        #expect(manifest.contains(#".package(name: "Interlude", path: "/src/interlude")"#))
        #expect(manifest.contains(#"// .package(url: "https://github.com/<owner>/interlude.git", from: "0.1.0")"#))
        #expect(!scaffold.files.values.contains { $0.contains("__") }, "every placeholder filled")
        let texts = try #require(scaffold.files["Sources/ArchiveLogs/ArchiveLogs+Texts.swift"])
        #expect(texts.contains(#""archiveLogs.confirm.title": "¿Continuar con {0}?""#))
        #expect(texts.contains(#"CatalogUse(questions: ["archiveLogs.confirm", "archiveLogs.field.note"], choices: Choice.self)"#))
    }

    @Test(arguments: ["", "ArchiveLogs", "1st", "archive-logs", "archive_logs", "archivé", String(repeating: "a", count: 65)])
    func aNameThatCannotNameASwiftTypeAndItsKeysIsRefused(_ name: String) {
        #expect(throws: UsageError.self) { try OperationScaffold(name: name, interlude: "/src/interlude", version: "0.1.0") }
    }
}
