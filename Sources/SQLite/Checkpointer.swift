import CSQLite
import Foundation
import Synchronization

/// Copies the WAL into the database file on a thread and connection of its own, so a commit does not
/// wait for a checkpoint: the writer's WAL hook asks for one once the WAL holds `pages` frames, and
/// checkpoints itself only past `limit` frames, which bounds the WAL however far this thread falls behind.
///
/// Nothing committed depends on it: a commit is durable in the WAL (`synchronous`), and a checkpoint
/// interrupted by a crash is finished by the next opening, as SQLite's own would be.
final class Checkpointer: Sendable {
    private struct State {
        var requested = false
        var stopping = false
        var finished = false
    }

    /// The WAL frames at which a checkpoint is asked for, and past which the writer takes one itself.
    let pages: Int
    let limit: Int
    private let condition = NSCondition()
    // Guarded by `condition`.
    private nonisolated(unsafe) var state = State()
    /// Held while a checkpoint runs: the writer's own, past `limit`, waits for this thread's to end and then completes.
    private let running = Mutex(())
    private let passes = Atomic<Int>(0)
    private let writerPasses = Atomic<Int>(0)
    /// The WAL's frames when the writer last asked (written by the writer's hook only).
    private let askedAt = Atomic<Int>(0)

    /// Opens a second connection to `path` (which the writer has already put in WAL mode) with the same
    /// `synchronous`, so a checkpoint syncs the database file before the WAL may be reused; starts its thread.
    init(path: String, synchronous: Synchronous, pages: Int, limit: Int) throws(SQLiteError) {
        self.pages = max(1, pages)
        self.limit = max(self.pages, limit)
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        guard let opened else { throw SQLiteError(extendedCode: result, message: "cannot allocate a connection") }
        do {
            try checkSQLite(result, opened)
            let pragma = "PRAGMA synchronous = \(synchronous.pragma)"
            try checkSQLite(sqlite3_exec(opened, pragma, nil, nil, nil), opened, sql: pragma)
        } catch {
            sqlite3_close_v2(opened)
            throw error
        }
        let connection = Handle(opened)
        let thread = Thread { [self] in
            Self.yieldToOthers()
            loop(connection.pointer)
            sqlite3_close_v2(connection.pointer)
            condition.withLock {
                state.finished = true
                condition.broadcast()
            }
        }
        thread.name = "interlude-checkpoint"
        thread.start()
    }

    /// Checkpoints run so far on this thread, and by the writer past `limit`.
    var counts: (background: Int, writer: Int) { (passes.load(ordering: .relaxed), writerPasses.load(ordering: .relaxed)) }

    /// Called by the writer's WAL hook after each commit with the frames now in the WAL.
    func committed(frames count: Int, writer: OpaquePointer, database name: UnsafePointer<CChar>?) {
        if count >= limit {
            running.withLock { _ in _ = sqlite3_wal_checkpoint_v2(writer, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
            writerPasses.add(1, ordering: .relaxed)
            return
        }
        // The WAL started over: ask again from `pages`. Until it does, ask once per quarter of `pages`
        // more, so the thread does not chase every commit with a pass (and its two syncs).
        if count < askedAt.load(ordering: .relaxed) { askedAt.store(0, ordering: .relaxed) }
        if count >= pages, count - askedAt.load(ordering: .relaxed) >= max(1, pages / 4) {
            askedAt.store(count, ordering: .relaxed)
            condition.withLock {
                guard !state.requested else { return }
                state.requested = true
                condition.signal()
            }
        }
    }

    /// Ends the thread, after the checkpoint it may be running; its connection is closed when this returns.
    func stop() {
        condition.withLock {
            state.stopping = true
            condition.signal()
            while !state.finished { condition.wait() }
        }
    }

    /// Lowers this thread's priority (Linux: a thread is scheduled as a process of its own): a checkpoint
    /// can wait, the threads carrying jobs cannot. Best effort; the writer's own checkpoint past `limit`
    /// keeps the WAL bounded if this thread gets little time.
    private static func yieldToOthers() {
        #if os(Linux)
            // 0: the calling thread (Linux keeps a nice value per thread).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    private func loop(_ connection: OpaquePointer) {
        while true {
            let stop = condition.withLock {
                while !state.requested, !state.stopping { condition.wait() }
                state.requested = false
                return state.stopping
            }
            if stop { return }
            // Frames committed during a pass are taken by a shorter one; once the WAL is all in the
            // database file, the writer's next commit starts it over from the beginning.
            for _ in 0..<4 {
                var log: Int32 = 0
                var copied: Int32 = 0
                let result = running.withLock { _ in sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) }
                passes.add(1, ordering: .relaxed)
                // A failure (busy, I/O) is left to the next request, or to the writer past `limit`.
                if result != SQLITE_OK || copied >= log { break }
            }
            // What commits asked for meanwhile is done, or asked for again by the next commit (the WAL
            // did not start over): no pass, and no two syncs, for nothing.
            condition.withLock { state.requested = false }
        }
    }
}

/// A connection pointer handed to the checkpoint thread, which alone uses it from then on.
private struct Handle: @unchecked Sendable {  // one owner at a time: made here, then used on the thread only
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}
