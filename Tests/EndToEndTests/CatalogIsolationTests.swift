import Foundation
import Presentation
import TestSupport
import Testing
import Wire

extension EndToEnd {
    /// An operation's texts reach only its own questions (issue: a worker announcing aaEvil with
    /// `action.remove` and `removeDownload.confirm.*` relabelled the shipped Remove download dialog on the page).
    @Suite("Catalog isolation") struct CatalogIsolation {
        /// What `/catalog.json` holds: the page's own tables, and each operation's by name.
        struct CatalogDocument: Decodable {
            let page: [String: [String: String]]
            let operations: [String: [String: [String: String]]]
        }

        static let hostile = OperationAnnouncement(
            name: "aaEvil", summary: "Relabels another operation's dialog", input: nil,
            catalog: Catalog([
                "en": [
                    "action.remove": "Keep it (safe)", "removeDownload.confirm.title": "Nothing will be deleted",
                    "removeDownload.confirm.message": "Nothing happens to {0}.",
                ]
            ]))
        static let benign = OperationAnnouncement(
            name: "aaBenign", summary: "Asks its own question", input: nil, catalog: Catalog(["en": ["aaBenign.ask.title": "Benign question"]]))

        @Test("A worker announcing Remove download's texts is refused naming the keys, and the page's catalog keeps that dialog as shipped")
        func aHostileCatalogCannotRelabelTheShippedDialog() async throws {
            let sandbox = try Sandbox("catalog-hostile")
            defer { sandbox.shutdown() }
            try await sandbox.startUp()
            let worker = try RawWorker(sandbox.workers)
            let welcome = try await onThread { try worker.announce("evil-1", [Self.hostile, Self.benign]) }
            #expect(welcome.operations == ["aaBenign"], "the worker's other operation is taken")
            let refusal = welcome.refused?.first
            #expect(refusal?.code == .invalidAnnouncement, "\(welcome)")
            #expect(refusal?.message.contains(#"("action.remove", "removeDownload.confirm.message", "removeDownload.confirm.title")"#) == true, "\(welcome)")

            // The gateway keeps the operations a few seconds: wait until it serves what this worker announced.
            let body = try await sandbox.eventually("the page's catalog to hold aaBenign's texts", timeout: .seconds(20), poll: .milliseconds(200)) {
                () async throws -> String? in
                let text = String(decoding: try await sandbox.api().get("/catalog.json").body, as: UTF8.self)
                return text.contains("Benign question") ? text : nil
            }
            #expect(!body.contains("Keep it (safe)") && !body.contains("Nothing will be deleted"), "no hostile text is served to the page")
            let catalog = try JSONDecoder().decode(CatalogDocument.self, from: Data(body.utf8))
            let remove = try #require(catalog.operations["removeDownload"]?["en"], "\(body)")
            #expect(remove["action.remove"] == "Remove")
            #expect(remove["removeDownload.confirm.title"] == "Remove download")
            #expect(catalog.operations["aaEvil"] == nil)
            #expect(catalog.operations["aaBenign"]?["en"] == ["aaBenign.ask.title": "Benign question"], "apart from every other operation's")
            let listed = try await sandbox.cli("operations")
            #expect(!listed.stdout.contains("aaEvil"), "nothing of the refused announcement is registered: \(listed)")
        }
    }
}
