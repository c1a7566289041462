import Foundation
import JSON
import Operations
import Presentation
import Schema
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct ShippedOperationsTests {
    let registry = try! ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))

    func schema(_ operation: String) throws -> JSONSchema {
        try #require(registry.operations[operation]?.announcement.input)
    }

    func value(_ text: String) throws -> JSONValue {
        try JSONCoding.decoder.decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func theRegistryHoldsTheEightShippedOperations() {
        #expect(
            registry.names == ["addStop", "clearDownloads", "deployRelease", "exportProject", "noop", "removeDownload", "resetPreferences", "restoreBackup"])
    }

    @Test(arguments: [
        ("removeDownload", #"{"trackID": "t-101", "title": "Blue in Green"}"#),
        ("clearDownloads", #"{"tracks": ["t-101"]}"#),
        ("clearDownloads", "{}"),
        ("exportProject", #"{"project": "atlas", "destination": "/tmp"}"#),
        ("restoreBackup", #"{"backup": "demo.tar.gz"}"#),
        ("resetPreferences", "{}"),
        ("addStop", #"{"place": "Lisbon", "day": 1}"#),
        ("noop", "{}"),
    ])
    func aCompleteInputSatisfiesTheAnnouncedSchema(operation: String, input: String) throws {
        #expect(try schema(operation).violations(of: value(input)).isEmpty)
    }

    @Test(arguments: [
        ("removeDownload", #"{}"#, ["$.trackID: is required", "$.title: is required"]),
        ("exportProject", #"{"project": "atlas"}"#, ["$.destination: is required"]),
        ("restoreBackup", #"{"backup": 7}"#, ["$.backup: must be a string, is an integer"]),
        ("addStop", #"{"place": 1, "day": "two"}"#, ["$.day: must be an integer, is a string", "$.place: must be a string, is an integer"]),
    ])
    func anIncompleteInputBreaksTheSchemaAtEveryWrongField(operation: String, input: String, expected: [String]) throws {
        #expect(try schema(operation).violations(of: value(input)).map(\.description) == expected)
    }

    @Test func theSchemasAreDerivedFromTheInputTypes() throws {
        #expect(try schema("addStop") == .object(["place": .string(), "day": .integer()], required: ["place", "day"]))
        #expect(try schema("resetPreferences") == JSONSchema(.object))
    }

    @Test func anInputTheSchemaCannotSeeIsStillRefusedByTheWorkerWithInvalidInput() async throws {
        let operation = try #require(registry.operations["addStop"])
        let context = JobContext(
            id: "job-1", attempt: 1, operation: "addStop", history: History(), backend: InMemoryJobBackend { _ in .dismiss })
        let error = try await #require(throws: JobError.self) { try await operation.run(.object(["place": .string("x")]), in: context) }
        #expect(error.code == "invalidInput")
        #expect(error.message.contains("day"))
    }

    @Test(arguments: ["addStop", "clearDownloads", "exportProject", "removeDownload", "resetPreferences", "restoreBackup"])
    func eachOperationAnnouncesASummaryAndItsTextsInEnglishAndSpanish(operation: String) throws {
        let announcement = try #require(registry.operations[operation]?.announcement)
        #expect(!announcement.summary.isEmpty)
        let english = try #require(announcement.catalog.tables["en"])
        let spanish = try #require(announcement.catalog.tables["es"])
        // Spanish may add the plural form English lacks (`#many`).
        #expect(Set(english.keys) == Set(spanish.keys).subtracting(spanish.keys.filter { $0.hasSuffix("#many") }))
        for (key, template) in english {
            #expect(Catalog.placeholders(in: template) == spanish[key].map(Catalog.placeholders), "\(key)")
        }
    }

    @Test func everyTextTheQuestionsUseIsTranslated() async throws {
        try await withDemoLibrary { library in
            var shown: [(Catalog, Presentation)] = []
            func collect<O: JobOperation>(_ operation: O, _ input: O.Input) async {
                shown += await OperationHarness(operation).run(input).presentations.map { (O.catalog, $0) }
            }
            await collect(RemoveDownload(library: library), .init(trackID: "t-101", title: "Blue in Green"))
            await collect(ClearDownloads(library: library), .init())
            await collect(ExportProject(library: library), .init(project: "atlas", destination: "/nonexistent"))
            await collect(ExportProject(library: library, reserveBytes: Int64.max / 2), .init(project: "atlas", destination: library.path))
            await collect(RestoreBackup(library: library), .init(backup: DemoLibrary.backupName))
            await collect(ResetPreferences(library: library), NoFields())
            await collect(AddStop(library: library), .init(place: "Lisbon", day: 3))
            #expect(shown.count == 7)
            for (catalog, presentation) in shown {
                let keys =
                    [presentation.localization?.key].compactMap { $0 }.flatMap { ["\($0).title", "\($0).message"] }
                    + presentation.actions.compactMap(\.localization?.key).filter { $0 != "action.cancel" }
                for key in keys {
                    for locale in ["en", "es"] {
                        #expect((catalog.tables[locale]?[key] ?? catalog.tables[locale]?[key + "#other"]) != nil, "\(locale) \(key)")
                    }
                }
            }
        }
    }

    @Test func noopReturnsAnEmptyObjectWithoutAsking() async throws {
        let run = await OperationHarness(Noop()).run(NoFields())
        #expect(try JSONValue(encoding: run.result.get()) == .object([:]))
        #expect(run.presentations.isEmpty)
        #expect(run.steps.isEmpty)
    }
}
