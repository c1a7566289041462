import Foundation
import Presentation
import Testing

extension EndToEnd.Browser {
    @Test("In the page read in Spanish clearDownloads's title takes the plural form of its count: ¿Eliminar 1 descarga?, ¿Eliminar 3 descargas?")
    func aShippedQuestionTakesThePluralFormInThePage() async throws {
        let sandbox = try Sandbox("browser-plural")
        defer { sandbox.shutdown() }
        try await sandbox.startUp()
        let one = try await sandbox.question(of: try await sandbox.submit("clearDownloads", #"{"tracks": ["t-101"]}"#))
        let three = try await sandbox.question(of: try await sandbox.submit("clearDownloads", "{}"))
        let run = try await BrowserTools.run(["--one", one.id, "--three", three.id], script: "page_plural.py", in: sandbox)
        #expect(run.passed, "\(run)")
    }
}
