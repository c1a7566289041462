import Broker
import Foundation
import Operations
import Presentation
import Testing
import Wire
import WorkerKit

/// Every shipped operation says which catalog keys its questions use, and the broker, checking its
/// catalog against them, takes every announcement as `interlude worker` sends it.
@Suite struct ShippedCatalogUseTests {
    let registry = try! ShippedOperations.registry(library: URL(fileURLWithPath: "/nonexistent"))

    /// The welcome a broker (with the rule `interlude broker` builds) gives a worker announcing `announcements`.
    func brokersWelcome(_ announcements: [OperationAnnouncement]) -> BrokerCommand.Welcome? {
        let settings = BrokerState.Settings(catalogKeys: CatalogKeys(shipped: registry.announcements))
        var broker = BrokerState(settings: settings)
        let effects = broker.receive(
            worker: Data("w1".utf8), correlation: "w", .ready(.init(name: "w1", operations: announcements, capacity: 1)),
            now: Date(timeIntervalSince1970: 1_800_000_000), newID: "prs-1")
        for case .send(_, _, .welcome(let welcome)) in effects { return welcome }
        return nil
    }

    @Test("Every shipped operation declares the keys its questions use, and the broker takes its announcement with them")
    func everyShippedAnnouncementPassesTheBrokersChecks() throws {
        for announcement in registry.announcements {
            #expect(announcement.uses != nil, "\(announcement.name) declares its catalog use")
        }
        let welcome = try #require(brokersWelcome(registry.announcements))
        #expect(welcome.operations == registry.names)
        #expect(welcome.refused == nil, "\(welcome.refused ?? [])")
    }

    @Test("A shipped operation's catalog with a key its questions do not use, or without a button's text, is refused")
    func aWrongDeclarationIsRefused() throws {
        let removeDownload = try #require(registry.operations["removeDownload"]?.announcement)
        let stray = OperationAnnouncement(
            name: removeDownload.name, summary: removeDownload.summary, input: removeDownload.input,
            catalog: removeDownload.catalog.merging(Catalog(["en": ["removeDownload.stray": "Stray"]])), uses: removeDownload.uses)
        let untranslated = OperationAnnouncement(
            name: removeDownload.name, summary: removeDownload.summary, input: removeDownload.input,
            catalog: removeDownload.catalog.removing { $0 == "action.remove" }, uses: removeDownload.uses)
        for (announcement, problem) in [
            (stray, #"the catalog key "removeDownload.stray" is used by no question or action"#),
            (untranslated, #"the action key "action.remove" is missing from the catalog's "en" texts"#),
        ] {
            let welcome = try #require(brokersWelcome([announcement]))
            #expect(welcome.operations.isEmpty)
            #expect(welcome.refused?.first?.code == .invalidAnnouncement)
            #expect(welcome.refused?.first?.message.contains(problem) == true, "\(welcome.refused ?? [])")
        }
    }
}
