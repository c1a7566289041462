import Foundation
import JSON
import Operations
import Presentation
import Testing
import WorkerKit
import WorkerKitTesting

@Suite struct AddStopTests {
    func days(_ library: URL) throws -> JSONValue? {
        try json(library.appendingPathComponent("itinerary.json"))["days"]
    }

    @Test func aPlaceOnAnotherDayAsksTheSeedsRouteConflictAlert() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Lisbon", day: 1)) { _ in .dismiss }
            let alert = try #require(run.presentations.first)
            #expect(alert.kind == .alert)
            #expect(alert.title == "Stop already planned")
            #expect(alert.message == "Lisbon is already part of day 2.")
            #expect(alert.localization == Localization("addStop.conflict", ["Lisbon", "2"]))
            #expect(
                alert.actions == [
                    Action(id: "move", label: "Move to day 1", localization: Localization("action.moveToDay", ["1"])),
                    Action(id: "keep", label: "Keep day 2", role: .cancel, localization: Localization("action.keepDay", ["2"])),
                ])
            #expect(alert.item == .object(["place": .string("Lisbon"), "existingDay": .integer(2), "requestedDay": .integer(1)]))
        }
    }

    @Test func moveTakesThePlaceToTheRequestedDay() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Lisbon", day: 1)) { _ in .answer("move") }
            #expect(try run.result.get() == AddStop.Output(place: "Lisbon", day: 1, changed: true))
            #expect(try days(library) == .object(["1": .array([.string("Porto"), .string("Lisbon")])]))
        }
    }

    @Test(arguments: [ScriptedResponse.answer("keep"), .dismiss, .expire])
    func keepLeavesThePlaceWhereItWas(response: ScriptedResponse) async throws {
        try await withDemoLibrary { library async throws in
            let before = try text(library.appendingPathComponent("itinerary.json"))
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Lisbon", day: 1)) { _ in response }
            #expect(try run.result.get() == AddStop.Output(place: "Lisbon", day: 2, changed: false))
            #expect(try text(library.appendingPathComponent("itinerary.json")) == before)
        }
    }

    @Test func aPlaceAlreadyOnThatDayChangesNothingAndAsksNothing() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Porto", day: 1))
            #expect(try run.result.get() == AddStop.Output(place: "Porto", day: 1, changed: false))
            #expect(run.presentations.isEmpty)
        }
    }

    @Test func aNewPlaceIsAddedWithoutAsking() async throws {
        try await withDemoLibrary { library async throws in
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Sintra", day: 2))
            #expect(try run.result.get() == AddStop.Output(place: "Sintra", day: 2, changed: true))
            #expect(run.presentations.isEmpty)
            #expect(try days(library)?["2"] == .array([.string("Lisbon"), .string("Sintra")]))
        }
    }

    @Test func aMissingItineraryIsCreated() async throws {
        try await withTemporaryFolder { library async throws in
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Évora", day: 3))
            #expect(run.output?.changed == true)
            #expect(try days(library) == .object(["3": .array([.string("Évora")])]))
        }
    }

    @Test(arguments: [0, -1])
    func aDayBeforeTheFirstIsRefused(day: Int) async throws {
        try await withDemoLibrary { library async throws in
            let before = try text(library.appendingPathComponent("itinerary.json"))
            let run = await OperationHarness(AddStop(library: library)).run(.init(place: "Sintra", day: day))
            #expect(run.jobError?.code == "invalidDay")
            #expect(try text(library.appendingPathComponent("itinerary.json")) == before)
        }
    }
}
