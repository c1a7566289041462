import Foundation
import TestSupport
import Testing

/// The page chooses plural forms as `Catalog` does: its core.js run in Node against the same table.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "needs /usr/bin/node"))
struct PagePluralTests {
    static let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Gateway/Page/Assets/script/core.js")

    @Test func thePageChoosesTheSameFormsAsTheResolvers() async throws {
        let script = """
            globalThis.FALLBACK_STRINGS = {};
            globalThis.document = {};
            \(try String(contentsOf: Self.core, encoding: .utf8))
            i18n.operations = { archive: {
              en: { "archive.confirm.title#one": "Archive {0} log file?", "archive.confirm.title#other": "Archive {0} log files?" },
              es: { "archive.confirm.title#one": "¿Archivar {0} fichero?", "archive.confirm.title#many": "¿Archivar {0} de ficheros?",
                    "archive.confirm.title#other": "¿Archivar {0} ficheros?" } } };
            const out = [];
            for (const [count, language] of [["1", "en"], ["3", "en"], ["1.0", "en"], ["1", "es"], ["1.0", "es"], ["0", "es"], ["1000000", "es"], ["many", "en"]]) {
              i18n.candidates = language === "en" ? ["en"] : [language, "en"];
              out.push(localize("archive.confirm.title", [count], "?", "archive"));
            }
            console.log(JSON.stringify(out));
            """
        // Waited for without holding one of the test pool's threads.
        let (status, output) = try await ChildCommand.run("/usr/bin/node", ["-e", script], timeout: .seconds(60))
        #expect(status == 0, "\(output)")
        #expect(
            try JSONDecoder().decode([String].self, from: Data(output.utf8)) == [
                "Archive 1 log file?", "Archive 3 log files?", "Archive 1.0 log files?", "¿Archivar 1 fichero?", "¿Archivar 1.0 fichero?",
                "¿Archivar 0 ficheros?", "¿Archivar 1000000 de ficheros?", "Archive many log files?",
            ])
    }
}
