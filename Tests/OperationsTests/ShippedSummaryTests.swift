import Foundation
import Operations
import Presentation
import Testing
import Wire
import WorkerKit

/// Each shipped operation's summary is translated by its catalog's `<name>.summary` key, and the broker's
/// checks take that key as used.
@Suite struct ShippedSummaryTests {
    let registry = try! ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))

    @Test("Every shipped operation reads its summary in Spanish, and in English as announced")
    func everySummaryIsTranslated() {
        for announcement in registry.announcements {
            let spanish = announcement.catalog.summary(announcement.summary, of: announcement.name, locale: "es_ES.UTF-8")
            #expect(!spanish.isEmpty && spanish != announcement.summary, "\(announcement.name): \(spanish)")
            #expect(announcement.catalog.summary(announcement.summary, of: announcement.name, locale: "en") == announcement.summary)
        }
    }

    @Test("A summary key is one a catalog may define under announced uses; a stray key still is not")
    func summaryKeyIsUsed() {
        let use = CatalogUse(questions: ["greet.confirm"], actions: [])
        let catalog = Catalog(["es": ["greet.summary": "Saludar", "greet.confirm.title": "¿Saludar?", "greet.stray": "x"]])
        #expect(use.problems(of: catalog) == [#"the catalog key "greet.stray" is used by no question or action"#])
        #expect(!use.reaches("action.summary") && !use.reaches("error.summary"))
        #expect(Catalog.summaryKey(of: "greet") == "greet.summary")
    }
}
