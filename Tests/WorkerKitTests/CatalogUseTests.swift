import Testing
import Wire
import WorkerKit

/// A worker announces the catalog keys its questions and buttons use, read from its `PresentationAction` types.
@Suite struct CatalogUseTests {
    enum Choice: String, PresentationAction, CaseIterable {
        case archive, later, cancel
        var button: ButtonState {
            switch self {
            case .archive: ButtonState("Archive", role: .destructive, localization: Localization("action.archive"))
            case .later: ButtonState("Later")
            case .cancel: .cancel
            }
        }
    }

    struct Archive: JobOperation {
        static let name = "archive"
        static let summary = "Archive"
        static let catalog = Catalog(["en": ["archive.ask.title": "Archive?", "action.archive": "Archive"]])
        static let catalogUse: CatalogUse? = CatalogUse(questions: ["archive.ask"], choices: Choice.self)
        struct Input: Codable, Sendable {}
        func run(_ input: Input, in job: JobContext) async throws -> Input { input }
    }

    @Test func theKeysOfEveryButtonAndQuestionAreAnnounced() throws {
        var registry = OperationRegistry()
        try registry.register(Archive())
        let uses = registry.announcements.first?.uses
        #expect(uses == CatalogUse(questions: ["archive.ask"], actions: ["action.archive", "action.cancel"]))
        #expect(uses?.problems(of: Archive.catalog) == [])
    }
}
