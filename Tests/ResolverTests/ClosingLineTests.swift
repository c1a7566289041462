import Foundation
import Presentation
import Resolver
import Testing

/// Live changes close a shown presentation with one localized line.
struct ClosingLineTests {
    static func resolution(_ cause: Resolution.Cause, action: String? = nil, by: String? = nil, channel: String? = nil) -> Resolution {
        Resolution(presentation: "p-1", job: "j-7", cause: cause, action: action, by: by, channel: channel, at: Fixtures.now)
    }

    static func renderer(_ locale: String) -> TerminalRenderer {
        TerminalRenderer(context: RenderContext(locale: locale, now: Fixtures.now, operationCatalog: ShippedTexts.all))
    }

    @Test(
        "Each cause has its line",
        arguments: [
            (resolution(.answered, action: "remove", by: "ana", channel: "cli"), "en", "answered by ana (cli) with Remove"),
            (resolution(.answered, action: "remove", by: "ana", channel: "cli"), "es", "respondida por ana (cli) con Eliminar"),
            (resolution(.answered, action: "gone", by: "bot"), "en", "answered by bot with gone"),
            (resolution(.dismissed, action: "cancel", by: "ana", channel: "web"), "en", "dismissed by ana (web)"),
            (resolution(.expired, action: "cancel"), "en", "expired"),
            (resolution(.expired, action: "cancel"), "es", "caducada"),
            (resolution(.withdrawn), "en", "withdrawn"),
            (resolution(.withdrawn), "es", "retirada"),
        ])
    func closingLine(_ resolution: Resolution, _ locale: String, _ expected: String) {
        #expect(Self.renderer(locale).closingLine(resolution, presentation: Fixtures.removeDownload) == expected)
    }

    @Test(
        "A lost race names the winner, or says it came too late",
        arguments: [
            (resolution(.answered, action: "remove", by: "ana", channel: "web"), "en", "Someone else answered first: ana (web) → Remove"),
            (resolution(.answered, action: "cancel", by: "ana", channel: "web"), "es", "Otra persona respondió primero: ana (web) → Cancelar"),
            (resolution(.withdrawn), "en", "Too late: withdrawn"),
            (resolution(.expired, action: "cancel"), "es", "Demasiado tarde: caducada"),
        ])
    func lostRace(_ winner: Resolution, _ locale: String, _ expected: String) {
        #expect(Self.renderer(locale).lostRaceLine(winner, presentation: Fixtures.removeDownload) == expected)
    }
}
