import Presentation
import Testing

/// Alerts render boxed behind a `!` title, destructive rows marked, cancel last on Escape.
struct AlertGoldenTests {
    @Test(
        "The confirm-operation and route-conflict alerts matches its golden text",
        arguments: [
            Golden(
                Fixtures.resetPreferences, operation: "resetPreferences", locale: "en_US.UTF-8", colour: false,
                expected: """
                    resetPreferences · 2 min ago
                    ┌───────────────────────────────────────────────┐
                    │ ! Confirm operation                           │
                    │                                               │
                    │   All settings will return to their defaults. │
                    │                                               │
                    │ [1] [R]eset (⚠ destructive)                   │
                    │ [2] [C]ancel (Esc)                            │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.resetPreferences, operation: "resetPreferences", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)resetPreferences · 2 min ago\(reset)
                    ┌───────────────────────────────────────────────┐
                    │ \(bold)! Confirm operation\(reset)                           │
                    │                                               │
                    │   All settings will return to their defaults. │
                    │                                               │
                    │ \(red)[1] [R]eset\(reset)                                   │
                    │ [2] [C]ancel (Esc)                            │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.resetPreferences, operation: "resetPreferences", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    resetPreferences · hace 2 min
                    ┌───────────────────────────────────────────────┐
                    │ ! Confirmar operación                         │
                    │                                               │
                    │   Se recuperarán todos los ajustes iniciales. │
                    │                                               │
                    │ [1] [R]establecer (⚠ destructiva)             │
                    │ [2] [C]ancelar (Esc)                          │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.resetPreferences, operation: "resetPreferences", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)resetPreferences · hace 2 min\(reset)
                    ┌───────────────────────────────────────────────┐
                    │ \(bold)! Confirmar operación\(reset)                         │
                    │                                               │
                    │   Se recuperarán todos los ajustes iniciales. │
                    │                                               │
                    │ \(red)[1] [R]establecer\(reset)                             │
                    │ [2] [C]ancelar (Esc)                          │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.restoreBackup, operation: "restoreBackup", locale: "en_US.UTF-8", colour: false,
                expected: """
                    restoreBackup · 2 min ago
                    ┌────────────────────────────────────────────────────┐
                    │ ! Confirm operation                                │
                    │                                                    │
                    │   Current data will be replaced by the backup from │
                    │   2026-11-28 21:00.                                │
                    │                                                    │
                    │ [1] [R]estore Backup                               │
                    │ [2] [C]ancel (Esc)                                 │
                    └────────────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.restoreBackup, operation: "restoreBackup", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)restoreBackup · 2 min ago\(reset)
                    ┌────────────────────────────────────────────────────┐
                    │ \(bold)! Confirm operation\(reset)                                │
                    │                                                    │
                    │   Current data will be replaced by the backup from │
                    │   2026-11-28 21:00.                                │
                    │                                                    │
                    │ [1] [R]estore Backup                               │
                    │ [2] [C]ancel (Esc)                                 │
                    └────────────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.restoreBackup, operation: "restoreBackup", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    restoreBackup · hace 2 min
                    ┌─────────────────────────────────────────────────────┐
                    │ ! Confirmar operación                               │
                    │                                                     │
                    │   Los datos actuales se sustituirán por la copia de │
                    │   2026-11-28 21:00.                                 │
                    │                                                     │
                    │ [1] [R]estaurar copia                               │
                    │ [2] [C]ancelar (Esc)                                │
                    └─────────────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.restoreBackup, operation: "restoreBackup", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)restoreBackup · hace 2 min\(reset)
                    ┌─────────────────────────────────────────────────────┐
                    │ \(bold)! Confirmar operación\(reset)                               │
                    │                                                     │
                    │   Los datos actuales se sustituirán por la copia de │
                    │   2026-11-28 21:00.                                 │
                    │                                                     │
                    │ [1] [R]estaurar copia                               │
                    │ [2] [C]ancelar (Esc)                                │
                    └─────────────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.routeConflict, operation: "addStop", locale: "en_US.UTF-8", colour: false,
                expected: """
                    addStop · 2 min ago
                    ┌────────────────────────────────────┐
                    │ ! Stop already planned             │
                    │                                    │
                    │   Sintra is already part of day 2. │
                    │                                    │
                    │ [1] [M]ove to day 3                │
                    │ [2] [K]eep day 2 (Esc)             │
                    └────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.routeConflict, operation: "addStop", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)addStop · 2 min ago\(reset)
                    ┌────────────────────────────────────┐
                    │ \(bold)! Stop already planned\(reset)             │
                    │                                    │
                    │   Sintra is already part of day 2. │
                    │                                    │
                    │ [1] [M]ove to day 3                │
                    │ [2] [K]eep day 2 (Esc)             │
                    └────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.routeConflict, operation: "addStop", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    addStop · hace 2 min
                    ┌────────────────────────────────────┐
                    │ ! La parada ya está planificada    │
                    │                                    │
                    │   Sintra ya forma parte del día 2. │
                    │                                    │
                    │ [1] Mover al día 3                 │
                    │ [2] Mantener el día 2 (Esc)        │
                    └────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.routeConflict, operation: "addStop", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)addStop · hace 2 min\(reset)
                    ┌────────────────────────────────────┐
                    │ \(bold)! La parada ya está planificada\(reset)    │
                    │                                    │
                    │   Sintra ya forma parte del día 2. │
                    │                                    │
                    │ [1] Mover al día 3                 │
                    │ [2] Mantener el día 2 (Esc)        │
                    └────────────────────────────────────┘
                    """
            ),
        ])
    func rendersAsWritten(_ golden: Golden) {
        #expect(golden.rendered == golden.expected)
    }
}
