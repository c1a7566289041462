import Foundation
import Operations
import Presentation
import Resolver

/// The texts the shipped operations announce, as a resolver gets them from the broker.
enum ShippedTexts {
    static let byOperation: [String: Catalog] = [
        RemoveDownload.name: RemoveDownload.catalog, ExportProject.name: ExportProject.catalog,
        RestoreBackup.name: RestoreBackup.catalog, ResetPreferences.name: ResetPreferences.catalog, AddStop.name: AddStop.catalog,
    ]

    /// Every shipped operation's texts together (their keys do not clash).
    static let all = byOperation.values.reduce(Catalog([:])) { $0.merging($1) }

    /// What the resolver translates with for `operation`: its texts, then the resolver's own.
    static func catalog(for operation: String?) -> Catalog {
        operation.flatMap { byOperation[$0] } ?? all
    }
}
