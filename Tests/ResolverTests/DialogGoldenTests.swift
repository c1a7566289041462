import Presentation
import Testing

/// A confirmation dialog renders as a sheet: `? title`, message, rows between rules, cancel set apart.
struct DialogGoldenTests {
    @Test(
        "The remove-download confirmation dialog matches its golden text",
        arguments: [
            Golden(
                Fixtures.removeDownload, operation: "removeDownload", locale: "en_US.UTF-8", colour: false,
                expected: """
                    removeDownload · 2 min ago
                    ? Remove download
                      Sintra Live will no longer be available offline.
                      ────────────────────────────────────────────────
                      [1] [R]emove (⚠ destructive)
                      ────────────────────────────────────────────────
                      [2] [C]ancel (Esc)
                    """
            ),
            Golden(
                Fixtures.removeDownload, operation: "removeDownload", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)removeDownload · 2 min ago\(reset)
                    \(bold)? Remove download\(reset)
                      Sintra Live will no longer be available offline.
                      ────────────────────────────────────────────────
                      \(red)[1] [R]emove\(reset)
                      ────────────────────────────────────────────────
                      [2] [C]ancel (Esc)
                    """
            ),
            Golden(
                Fixtures.removeDownload, operation: "removeDownload", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    removeDownload · hace 2 min
                    ? Eliminar descarga
                      Sintra Live dejará de estar disponible sin conexión.
                      ────────────────────────────────────────────────────
                      [1] [E]liminar (⚠ destructiva)
                      ────────────────────────────────────────────────────
                      [2] [C]ancelar (Esc)
                    """
            ),
            Golden(
                Fixtures.removeDownload, operation: "removeDownload", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)removeDownload · hace 2 min\(reset)
                    \(bold)? Eliminar descarga\(reset)
                      Sintra Live dejará de estar disponible sin conexión.
                      ────────────────────────────────────────────────────
                      \(red)[1] [E]liminar\(reset)
                      ────────────────────────────────────────────────────
                      [2] [C]ancelar (Esc)
                    """
            ),
        ])
    func rendersAsWritten(_ golden: Golden) {
        #expect(golden.rendered == golden.expected)
    }
}
