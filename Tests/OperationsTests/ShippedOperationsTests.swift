import Foundation
import Operations
import Presentation
import Testing
import Wire
import WorkerKit
import WorkerKitTesting

@Suite struct ShippedOperationsTests {
    let registry = ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))

    @Test func theRegistryHoldsTheSixShippedOperations() {
        #expect(registry.names == ["addStop", "exportProject", "noop", "removeDownload", "resetPreferences", "restoreBackup"])
    }

    @Test(arguments: [
        ("removeDownload", #"{"trackID": "t-101", "title": "Blue in Green"}"#),
        ("exportProject", #"{"project": "atlas", "destination": "/tmp"}"#),
        ("restoreBackup", #"{"backup": "demo.tar.gz"}"#),
        ("resetPreferences", "{}"),
        ("addStop", #"{"place": "Lisbon", "day": 1}"#),
        ("noop", "{}"),
    ])
    func aCompleteInputIsAccepted(operation: String, input: String) throws {
        try registry.validate(operation: operation, input: JSONCoding.decoder.decode(JSONValue.self, from: Data(input.utf8)))
    }

    @Test(arguments: [
        ("removeDownload", #"{"trackID": "t-101"}"#, "title"),
        ("removeDownload", #"{"title": "Blue in Green"}"#, "trackID"),
        ("exportProject", #"{"project": "atlas"}"#, "destination"),
        ("restoreBackup", "{}", "backup"),
        ("addStop", #"{"place": "Lisbon"}"#, "day"),
        ("addStop", #"{"day": 2}"#, "place"),
    ])
    func anIncompleteInputIsRefusedNamingTheMissingField(operation: String, input: String, field: String) throws {
        let value = try JSONCoding.decoder.decode(JSONValue.self, from: Data(input.utf8))
        let error = try #require(throws: WireError.self) { try registry.validate(operation: operation, input: value) }
        #expect(error.code == .invalidInput)
        #expect(error.message.contains("missing field \"\(field)\""))
    }

    @Test func aMistypedFieldIsRefused() throws {
        let input = JSONValue.object(["place": .string("Lisbon"), "day": .string("two")])
        let error = try #require(throws: WireError.self) { try registry.validate(operation: "addStop", input: input) }
        #expect(error.message.contains("day"))
    }

    @Test func noopReturnsAnEmptyObjectWithoutAsking() async throws {
        let run = await OperationHarness(Noop()).run(NoFields())
        #expect(try JSONValue(encoding: run.result.get()) == .object([:]))
        #expect(run.presentations.isEmpty)
        #expect(run.steps.isEmpty)
    }
}
