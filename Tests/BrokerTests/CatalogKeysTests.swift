import Broker
import Foundation
import JSON
import Journal
import Log
import Presentation
import Testing
import Wire

/// An operation's announcement defines only its own texts: one that claims another operation's keys or
/// the ones every resolver translates itself is refused whole, naming the keys, and nothing of it is kept.
@Suite struct CatalogKeysTests {
    static func announcement(_ name: String, _ english: [String: String]) -> OperationAnnouncement {
        OperationAnnouncement(name: name, summary: "", input: nil, catalog: Catalog(["en": english]))
    }

    /// The shipped operations' texts as the broker is told them (their catalogs' keys, abridged).
    static let shipped = CatalogKeys(shipped: [
        announcement(
            "removeDownload", ["removeDownload.confirm.title": "Remove download", "removeDownload.confirm.message": "{0}", "action.remove": "Remove"]),
        announcement("exportProject", ["exportProject.folder": "Folder", "action.tryAgain": "Try Again", "action.useAnotherFolder": "Use Another Folder"]),
        announcement("noop", [:]),
    ])

    static let hostile = announcement(
        "aaEvil",
        [
            "aaEvil.ask.title": "Fine", "action.remove": "Keep it (safe)",
            "removeDownload.confirm.title": "Nothing will be deleted", "removeDownload.confirm.message": "Nothing happens to {0}.",
        ])

    static let offending: [(name: String, keys: [String: String], offending: [String])] = [
        ("aaEvil", ["action.remove": "x", "removeDownload.confirm.title": "x", "aaEvil.ask.title": "x"], ["action.remove", "removeDownload.confirm.title"]),
        (
            "aaEvil", ["action.cancel": "x", "action.ok": "x", "page.answered": "x", "resolver.reason": "x", "session.more": "x"],
            ["action.cancel", "action.ok", "page.answered", "resolver.reason", "session.more"]
        ),
        ("aaEvil", ["greet.confirm.title": "x", "other.key": "x"], ["greet.confirm.title", "other.key"]),
        ("removeDownload.confirm", ["removeDownload.confirm.title": "x"], ["removeDownload.confirm.title"]),
        ("greet.x", ["greet.x.title": "x"], ["greet.x.title"]),
        ("exportProject", ["action.remove": "x"], ["action.remove"]),
    ]

    @Test("Keys of other operations, shipped keys and shared keys are the offending ones", arguments: offending)
    func offendingKeysAreNamed(_ name: String, _ keys: [String: String], _ expected: [String]) {
        #expect(Self.shipped.offending(Catalog(["en": keys]), of: name, known: ["greet"]) == expected)
    }

    static let accepted: [(name: String, keys: [String: String])] = [
        ("removeDownload", ["removeDownload.confirm.title": "Remove download", "removeDownload.confirm.message": "{0}", "action.remove": "Remove"]),
        ("exportProject", ["exportProject.folder": "Folder", "action.tryAgain": "Try Again", "action.useAnotherFolder": "Use Another Folder"]),
        ("greet", ["greet.confirm.title": "Greet {0}?", "greet.action.greet": "Greet"]),
        ("aaEvil", ["aaEvil.ask.title": "Ask", "action.frobnicate": "Frobnicate", "error.tooLate": "Too late"]),
        ("greet", ["greet.confirm.title": "Greet {0}?", "greet.x.title": "x"]),
    ]

    @Test("An operation's own keys, unshipped action and error keys pass", arguments: accepted)
    func ownKeysPass(_ name: String, _ keys: [String: String]) {
        #expect(Self.shipped.offending(Catalog(["en": keys, "es": keys]), of: name, known: ["greet", "greet.x"]).isEmpty)
    }

    @Test("Without the shipped texts a broker still refuses shared keys and known operations' namespaces")
    func aBrokerToldNoShippedTextsStillRefusesSharedKeys() {
        let keys = ["action.ok": "x", "removeDownload.confirm.title": "x", "action.remove": "x", "aaEvil.ask": "x"]
        #expect(CatalogKeys.none.offending(Catalog(["en": keys]), of: "aaEvil", known: ["removeDownload"]) == ["action.ok", "removeDownload.confirm.title"])
    }

    @Test("The broker refuses the hostile announcement naming its keys, journals none of it, and takes the worker's other operations")
    func theBrokerRefusesAnAnnouncementClaimingAnothersKeys() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3, catalogKeys: Self.shipped))
        let greet = Self.announcement("greet", ["greet.confirm.title": "Greet {0}?"])
        let effects = broker.announce("evil-1", [Self.hostile, greet])
        guard case .welcome(let welcome)? = BrokerHarness.commands(effects, to: "evil-1").first else {
            Issue.record("no welcome: \(effects)")
            return
        }
        #expect(welcome.operations == ["greet"])
        let refusal = welcome.refused?.first
        #expect(refusal?.code == .invalidAnnouncement)
        #expect(refusal?.message.contains(#"the announcement of aaEvil was refused: its catalog defines 3 keys"#) == true, "\(String(describing: refusal))")
        #expect(
            refusal?.message.contains(#"("action.remove", "removeDownload.confirm.message", "removeDownload.confirm.title")"#) == true,
            "\(String(describing: refusal))")
        let journaled = BrokerHarness.changes(effects).compactMap { if case .announce(let record) = $0 { record.announcement.name } else { nil } }
        #expect(journaled == ["greet"], "nothing of the refused announcement is journaled")
        #expect(effects.contains { if case .log(.warning, let line, _) = $0 { line.contains("aaEvil was refused") } else { false } })
        #expect(OperationRegistryTests.error(broker.submit("aaEvil", input: .object([:])))?.code == .unknownOperation, "nor registered")
    }

    @Test("Two workers announcing the same operation with its shipped texts are both taken")
    func twoWorkersOfTheSameOperationAreTaken() {
        var broker = BrokerHarness(settings: .init(heartbeatInterval: 1, liveness: 3, catalogKeys: Self.shipped))
        let remove = Self.announcement("removeDownload", ["removeDownload.confirm.title": "Remove download", "action.remove": "Remove"])
        for worker in ["w1", "w2"] {
            let effects = broker.announce(worker, [remove])
            #expect(
                BrokerHarness.commands(effects, to: worker) == [
                    .welcome(.init(operations: ["removeDownload"], batches: true, maxMessageBytes: MessageLimits.standard.maxMessageBytes))
                ])
        }
    }
}
