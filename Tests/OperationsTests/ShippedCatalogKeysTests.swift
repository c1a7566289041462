import Foundation
import Operations
import Presentation
import Testing
import Wire
import WorkerKit

/// The broker's table of shipped texts (`CatalogKeys`) says what the shipped operations' catalogs say:
/// every shipped announcement is taken, and no other operation may claim a shipped key.
@Suite struct ShippedCatalogKeysTests {
    let registry = try! ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))

    @Test func theTableNamesEveryShippedOperation() {
        #expect(CatalogKeys.shippedOperations == Set(registry.names))
    }

    @Test("Each shipped announcement defines only keys the broker takes from it, with every other operation known")
    func everyShippedAnnouncementPasses() throws {
        for name in registry.names {
            let announcement = try #require(registry.operations[name]?.announcement)
            #expect(CatalogKeys.offending(announcement.catalog, of: name, known: Set(registry.names)).isEmpty, "\(name)")
        }
    }

    @Test("A shipped key outside its operation's namespace is in the table under that operation, and the table holds no other")
    func theTableHoldsExactlyTheShippedKeysOutsideTheirNamespaces() throws {
        var outside: [String: String] = [:]
        for name in registry.names {
            let catalog = try #require(registry.operations[name]?.announcement.catalog)
            for key in Set(catalog.tables.values.flatMap(\.keys)) where !key.hasPrefix(name + ".") { outside[key] = name }
        }
        #expect(outside == CatalogKeys.shippedKeys)
    }
}
