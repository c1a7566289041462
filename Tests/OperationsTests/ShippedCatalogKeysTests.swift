import Foundation
import Operations
import Presentation
import Testing
import Wire
import WorkerKit

/// The rule `interlude broker` builds from the shipped operations' announcements takes every one of
/// them, and lets no other operation claim a shipped key.
@Suite struct ShippedCatalogKeysTests {
    let registry = try! ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))
    var rule: CatalogKeys { CatalogKeys(shipped: registry.announcements) }

    @Test("Each shipped announcement defines only keys the broker takes from it, with every other operation known")
    func everyShippedAnnouncementPasses() {
        #expect(rule.shippedOperations == Set(registry.names))
        for announcement in registry.announcements {
            #expect(rule.offending(announcement.catalog, of: announcement.name, known: Set(registry.names)).isEmpty, "\(announcement.name)")
        }
    }

    @Test("No two shipped operations define the same key, so each shipped key has one owner")
    func eachShippedKeyHasOneOwner() {
        var owners: [String: [String]] = [:]
        for announcement in registry.announcements {
            for key in Set(announcement.catalog.tables.values.flatMap(\.keys)) { owners[key, default: []].append(announcement.name) }
        }
        #expect(owners.filter { $0.value.count > 1 }.isEmpty)
    }

    @Test("Another operation may claim no shipped key: action.remove is removeDownload's, exportProject.folder exportProject's")
    func anotherOperationClaimsNoShippedKey() {
        let claimed = Catalog(["en": ["action.remove": "Keep", "action.tryAgain": "No", "exportProject.folder": "x", "aaEvil.ask": "Ask"]])
        #expect(rule.offending(claimed, of: "aaEvil") == ["action.remove", "action.tryAgain", "exportProject.folder"])
        #expect(rule.shippedKeys["action.remove"] == "removeDownload")
    }
}
