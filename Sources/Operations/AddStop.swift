import Confinement
public import Foundation
public import WorkerKit

/// Adds a place to a day of `<library>/itinerary.json`, asking when it is already planned on another day.
///
/// Steps: `plan` (what the itinerary holds), then `add` or `move`; a replay repeats neither.
public struct AddStop: JobOperation {
    /// The name clients submit.
    public static let name = "addStop"

    /// The library folder holding `itinerary.json`.
    public let library: URL

    /// An operation acting on `library`.
    public init(library: URL) {
        self.library = library
    }

    /// The place and the day (1 or more) to plan it on.
    public struct Input: Codable, Sendable, Hashable {
        /// A place name, such as `Lisbon`.
        public var place: String
        /// The day number, from 1.
        public var day: Int

        /// An input planning `place` on `day`.
        public init(place: String, day: Int) {
            self.place = place
            self.day = day
        }
    }

    /// The day the place is on afterwards, and whether the itinerary changed.
    public struct Output: Codable, Sendable, Hashable {
        /// The place.
        public var place: String
        /// The day it is planned on now (the old day when the person kept it).
        public var day: Int
        /// Whether the itinerary file was changed.
        public var changed: Bool

        /// An output describing the place's day.
        public init(place: String, day: Int, changed: Bool) {
            self.place = place
            self.day = day
            self.changed = changed
        }
    }

    /// What the `plan` step found.
    enum Plan: Codable, Sendable, Hashable {
        case free
        case alreadyPlanned
        case conflict(existingDay: Int)
    }

    /// The alert's actions: move the place to the requested day, or keep the day it is on.
    enum Choice: PresentationAction {
        case move(toDay: Int)
        case keep(day: Int)

        var id: String {
            switch self {
            case .move: "move"
            case .keep: "keep"
            }
        }

        var button: ButtonState {
            switch self {
            case .move(let day): ButtonState("Move to day \(day)", localization: Localization("action.moveToDay", [String(day)]))
            case .keep(let day): ButtonState("Keep day \(day)", role: .cancel, localization: Localization("action.keepDay", [String(day)]))
            }
        }
    }

    /// Adds the stop, or asks "Stop already planned" when the place is on another day.
    public func run(_ input: Input, in job: JobContext) async throws -> Output {
        let (place, day) = (input.place, input.day)
        guard day >= 1 else { throw JobError(code: "invalidDay", message: "day must be 1 or more, got \(day)") }
        guard !place.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw JobError(code: "invalidPlace", message: "the place has no name")
        }
        let plan = try await job.step("plan") {
            let file = try LibraryFiles.root(library)
            let exists = try file.info(Itinerary.fileName) != nil
            let itinerary = try Itinerary.load(from: file)
            if !exists { try itinerary.save(to: file) }
            let days = itinerary.days(of: place)
            if days.contains(day) { return Plan.alreadyPlanned }
            return days.first.map { Plan.conflict(existingDay: $0) } ?? .free
        }
        switch plan {
        case .alreadyPlanned:
            return Output(place: place, day: day, changed: false)
        case .free:
            _ = try await job.step("add") { try update { $0.add(place, to: day) } }
            return Output(place: place, day: day, changed: true)
        case .conflict(let existing):
            guard case .move = try await job.present(conflict(place, existing: existing, requested: day)) else {
                return Output(place: place, day: existing, changed: false)
            }
            _ = try await job.step("move") { try update { $0.move(place, to: day) } }
            return Output(place: place, day: day, changed: true)
        }
    }

    func conflict(_ place: String, existing: Int, requested: Int) -> Question<Choice> {
        .alert(
            "Stop already planned", message: "\(place) is already part of day \(existing).",
            actions: [.move(toDay: requested), .keep(day: existing)],
            item: .object(["place": .string(place), "existingDay": .integer(Int64(existing)), "requestedDay": .integer(Int64(requested))]),
            localization: Localization("addStop.conflict", [place, String(existing)]))
    }

    private func update(_ change: (inout Itinerary) -> Void) throws -> Bool {
        let file = try LibraryFiles.root(library)
        var itinerary = try Itinerary.load(from: file)
        change(&itinerary)
        try itinerary.save(to: file)
        return true
    }
}
