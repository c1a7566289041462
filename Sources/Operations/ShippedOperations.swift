import Foundation
import WorkerKit

/// The operations Interlude ships, ready for a worker.
public enum ShippedOperations {
    /// A registry with every shipped operation acting on `library`; exports keep `exportReserveBytes` free
    /// and go only into `exportRoots` (none: the library's `exports/`).
    public static func registry(library: URL, exportReserveBytes: Int64 = 0, exportRoots: [URL] = []) -> OperationRegistry {
        var registry = OperationRegistry()
        registry.register(RemoveDownload(library: library))
        registry.register(ExportProject(library: library, reserveBytes: exportReserveBytes, exportRoots: exportRoots))
        registry.register(RestoreBackup(library: library))
        registry.register(ResetPreferences(library: library))
        registry.register(AddStop(library: library))
        registry.register(Noop())
        return registry
    }
}
