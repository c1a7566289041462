import Foundation
import Operations
import Presentation
import Resolver
import Testing
import WorkerKitTesting

/// docs/resolver.md lists the keys of every shipped question in English and Spanish; they are the
/// ones the resolver shows, taken here from the operations themselves (run on a demo library).
struct DocumentedKeysTests {
    static let document: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("docs/resolver.md"), encoding: .utf8)) ?? ""
    }()

    /// Every shipped question: its operation and how it was first asked.
    static func shippedQuestions(in library: URL) async -> [(String, Presentation)] {
        var asked: [(String, Presentation?)] = []
        asked.append(
            (
                RemoveDownload.name,
                await OperationHarness(RemoveDownload(library: library))
                    .run(.init(trackID: "t-101", title: "Blue in Green")).presentations.first
            ))
        let exporter = ExportProject(library: library)
        asked.append(
            (
                ExportProject.name,
                await OperationHarness(exporter)
                    .run(.init(project: "atlas", destination: library.appendingPathComponent("exports/usb").path)).presentations.first
            ))
        asked.append((ExportProject.name, await OperationHarness(exporter).run(.init(project: "atlas", destination: "/etc")).presentations.first))
        asked.append(
            (
                ExportProject.name,
                await OperationHarness(ExportProject(library: library, reserveBytes: 1 << 60))
                    .run(.init(project: "atlas", destination: library.appendingPathComponent("exports").path)).presentations.first
            ))
        asked.append((RestoreBackup.name, await OperationHarness(RestoreBackup(library: library)).run(.init(backup: "demo.tar.gz")).presentations.first))
        asked.append((ResetPreferences.name, await OperationHarness(ResetPreferences(library: library)).run(NoFields()).presentations.first))
        asked.append((AddStop.name, await OperationHarness(AddStop(library: library)).run(.init(place: "Lisbon", day: 3)).presentations.first))
        return asked.compactMap { name, presentation in presentation.map { (name, $0) } }
    }

    /// `` `[1] [R]emove (⚠ destructive)` `[2] [C]ancel (Esc)` ``: a question's rows as the document quotes them.
    static func rows(_ presentation: Presentation, operation: String, locale: String) -> String {
        let renderer = TerminalRenderer(
            context: RenderContext(
                locale: locale, colour: false, width: 200, operation: operation, now: presentation.createdAt,
                operationCatalog: ShippedTexts.catalog(for: operation)))
        let rows = renderer.render(presentation).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " │")) }
            .filter { $0.hasPrefix("[") }
        return rows.map { "`\($0)`" }.joined(separator: " ")
    }

    @Test func theDocumentShowsEveryShippedQuestionsKeysInBothLanguages() async throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: library) }
        _ = try DemoLibrary.create(at: library)
        let questions = await Self.shippedQuestions(in: library)
        #expect(questions.count == 7)
        for (operation, presentation) in questions {
            for locale in ["en", "es"] {
                let rows = Self.rows(presentation, operation: operation, locale: locale)
                #expect(Self.document.contains(rows), "docs/resolver.md lacks \(operation) \(presentation.title) in \(locale): \(rows)")
            }
        }
    }
}
