public import Foundation
public import WorkerKit

/// The operations Interlude ships, ready for a worker.
public enum ShippedOperations {
    /// A registry with every shipped operation acting on `library`; exports keep `exportReserveBytes` free
    /// and go only into `exportRoots` (none: the library's `exports/`).
    public static func registry(library: URL, exportReserveBytes: Int64 = 0, exportRoots: [URL] = []) throws -> OperationRegistry {
        var registry = OperationRegistry()
        try registry.register(RemoveDownload(library: library))
        try registry.register(ClearDownloads(library: library))
        try registry.register(ExportProject(library: library, reserveBytes: exportReserveBytes, exportRoots: exportRoots))
        try registry.register(RestoreBackup(library: library))
        try registry.register(ResetPreferences(library: library))
        try registry.register(AddStop(library: library))
        try registry.register(DeployRelease(library: library))
        try registry.register(Noop())
        return registry
    }
}
