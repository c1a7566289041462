import Synchronization

/// The answer link keys in force: the configuration's at start, then whatever a reload (SIGHUP) read;
/// nil while there are none (links are then refused).
final class LinkKeyring: Sendable {
    private let keys: Mutex<LinkKeys?>

    /// Keys as first loaded.
    init(_ keys: LinkKeys?) {
        self.keys = Mutex(keys)
    }

    /// The keys now in force.
    var current: LinkKeys? { keys.withLock { $0 } }

    /// Puts `keys` in force for every link signed or verified from now on.
    func replace(with keys: LinkKeys?) {
        self.keys.withLock { $0 = keys }
    }
}
