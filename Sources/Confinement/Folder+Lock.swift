import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Folder {
    /// Takes an exclusive lock on this folder (`flock` on its descriptor), held until `unlock()` or until
    /// this open folder is closed, a crash included. Other processes, and other opens of the same folder
    /// in this one, are kept out meanwhile. With `waiting` false, returns false at once if it is held.
    public func lock(waiting: Bool) throws(ConfinementError) -> Bool {
        do {
            _ = try systemCall("flock") { flock(descriptor, LOCK_EX | (waiting ? 0 : LOCK_NB)) }
            return true
        } catch let error where error.code == EWOULDBLOCK {
            return false
        } catch {
            throw ConfinementError(.failed, path: path, "cannot lock the folder: \(Self.reason(error.code))")
        }
    }

    /// Gives up the lock `lock(waiting:)` took.
    public func unlock() {
        _ = flock(descriptor, LOCK_UN)
    }
}
