public import Presentation
public import Wire

/// The texts of each operation's questions, as its workers announced them to the broker.
///
/// Asked for at start and again when a question of an operation not seen yet arrives (once per such
/// operation, so an operation no worker announced costs one request, not one per event).
public struct AnnouncedTexts: Sendable {
    private var catalogs: [String: Catalog] = [:]
    private var asked: Set<String> = []

    /// No texts yet.
    public init() {}

    /// The texts of `list`'s operations, asked for just now.
    public init(_ list: BrokerReply.OperationList) {
        learn(list)
    }

    /// The catalog of `operation`; empty (the author's texts are shown) when it is not known.
    public func catalog(for operation: String?) -> Catalog {
        operation.flatMap { catalogs[$0] } ?? Catalog([:])
    }

    /// Whether to ask the broker because of `operation`: it is not known and was not asked about yet.
    public mutating func shouldAsk(about operation: String?) -> Bool {
        guard let operation, catalogs[operation] == nil else { return false }
        return asked.insert(operation).inserted
    }

    /// Takes the catalogs of a fresh listing.
    public mutating func learn(_ list: BrokerReply.OperationList) {
        for info in list.operations {
            catalogs[info.name] = info.catalog
            asked.insert(info.name)
        }
    }
}
