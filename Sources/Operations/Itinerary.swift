import Confinement
import Foundation
import WorkerKit

/// The trip plan in `itinerary.json`: place names by day number (`{"days": {"1": ["Porto"], …}}`).
struct Itinerary: Codable, Sendable, Hashable {
    var days: [String: [String]] = [:]

    /// The file's name in the library.
    static let fileName = "itinerary.json"

    /// The itinerary in `library`; an empty one when the file does not exist.
    static func load(from library: Folder) throws -> Itinerary {
        do {
            return try library.readJSON(Itinerary.self, from: fileName) ?? Itinerary()
        } catch {
            throw JobError.failed("invalidItinerary", "cannot read \(library.path(of: fileName))", error)
        }
    }

    /// Writes the itinerary atomically.
    func save(to library: Folder) throws {
        do { try library.writeJSON(self, to: Self.fileName) } catch {
            throw JobError.failed("writeFailed", "cannot write \(library.path(of: Self.fileName))", error)
        }
    }

    /// The days that list `place`, lowest first.
    func days(of place: String) -> [Int] {
        days.compactMap { key, places in places.contains(place) ? Int(key) : nil }.sorted()
    }

    /// Appends `place` to `day`.
    mutating func add(_ place: String, to day: Int) {
        days[String(day), default: []].append(place)
    }

    /// Takes `place` off every day (dropping days left empty) and appends it to `day`.
    mutating func move(_ place: String, to day: Int) {
        for (key, places) in days {
            let kept = places.filter { $0 != place }
            days[key] = kept.isEmpty ? nil : kept
        }
        add(place, to: day)
    }
}
