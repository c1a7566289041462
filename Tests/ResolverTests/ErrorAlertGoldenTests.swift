import Presentation
import Testing

/// Error alerts show the failure reason before the message (the recovery suggestion).
struct ErrorAlertGoldenTests {
    @Test(
        "The export error alerts matches its golden text",
        arguments: [
            Golden(
                Fixtures.destinationUnavailable, operation: "exportProject", locale: "en_US.UTF-8", colour: false,
                expected: """
                    exportProject · 2 min ago
                    ┌───────────────────────────────────────────────┐
                    │ ! Can't reach the destination                 │
                    │                                               │
                    │   Reason: The volume "Backup" is not mounted. │
                    │   Check that the drive is still connected.    │
                    │                                               │
                    │ [1] [T]ry Again                               │
                    │ [2] [C]ancel (Esc)                            │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.destinationUnavailable, operation: "exportProject", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)exportProject · 2 min ago\(reset)
                    ┌───────────────────────────────────────────────┐
                    │ \(bold)! Can't reach the destination\(reset)                 │
                    │                                               │
                    │   Reason: The volume "Backup" is not mounted. │
                    │   Check that the drive is still connected.    │
                    │                                               │
                    │ [1] [T]ry Again                               │
                    │ [2] [C]ancel (Esc)                            │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.destinationUnavailable, operation: "exportProject", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    exportProject · hace 2 min
                    ┌───────────────────────────────────────────────┐
                    │ ! No se puede acceder al destino              │
                    │                                               │
                    │   Motivo: The volume "Backup" is not mounted. │
                    │   Comprueba que la unidad sigue conectada.    │
                    │                                               │
                    │ [1] [V]olver a intentar                       │
                    │ [2] [C]ancelar (Esc)                          │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.destinationUnavailable, operation: "exportProject", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)exportProject · hace 2 min\(reset)
                    ┌───────────────────────────────────────────────┐
                    │ \(bold)! No se puede acceder al destino\(reset)              │
                    │                                               │
                    │   Motivo: The volume "Backup" is not mounted. │
                    │   Comprueba que la unidad sigue conectada.    │
                    │                                               │
                    │ [1] [V]olver a intentar                       │
                    │ [2] [C]ancelar (Esc)                          │
                    └───────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.noAvailableSpace, operation: "exportProject", locale: "en_US.UTF-8", colour: false,
                expected: """
                    exportProject · 2 min ago
                    ┌───────────────────────────────────────┐
                    │ ! Not enough space                    │
                    │                                       │
                    │   Free at least 512 MB and try again. │
                    │                                       │
                    │ [1] [C]ancel (Esc)                    │
                    └───────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.noAvailableSpace, operation: "exportProject", locale: "en_US.UTF-8", colour: true,
                expected: """
                    \(dim)exportProject · 2 min ago\(reset)
                    ┌───────────────────────────────────────┐
                    │ \(bold)! Not enough space\(reset)                    │
                    │                                       │
                    │   Free at least 512 MB and try again. │
                    │                                       │
                    │ [1] [C]ancel (Esc)                    │
                    └───────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.noAvailableSpace, operation: "exportProject", locale: "es_ES.UTF-8", colour: false,
                expected: """
                    exportProject · hace 2 min
                    ┌────────────────────────────────────────────────┐
                    │ ! No hay espacio suficiente                    │
                    │                                                │
                    │   Libera al menos 512 MB e inténtalo de nuevo. │
                    │                                                │
                    │ [1] [C]ancelar (Esc)                           │
                    └────────────────────────────────────────────────┘
                    """
            ),
            Golden(
                Fixtures.noAvailableSpace, operation: "exportProject", locale: "es_ES.UTF-8", colour: true,
                expected: """
                    \(dim)exportProject · hace 2 min\(reset)
                    ┌────────────────────────────────────────────────┐
                    │ \(bold)! No hay espacio suficiente\(reset)                    │
                    │                                                │
                    │   Libera al menos 512 MB e inténtalo de nuevo. │
                    │                                                │
                    │ [1] [C]ancelar (Esc)                           │
                    └────────────────────────────────────────────────┘
                    """
            ),
        ])
    func rendersAsWritten(_ golden: Golden) {
        #expect(golden.rendered == golden.expected)
    }
}
