import CSQLite

extension Database {
    /// `PRAGMA quick_check`: the problems found (an empty list when the file is sound). Reads every
    /// page once, without the index cross-checks of `integrityCheck()`.
    public func quickCheck() throws(SQLiteError) -> [String] {
        try problems("PRAGMA quick_check")
    }

    /// `PRAGMA integrity_check`: the problems found, indexes included (an empty list when sound).
    public func integrityCheck() throws(SQLiteError) -> [String] {
        try problems("PRAGMA integrity_check")
    }

    private func problems(_ pragma: String) throws(SQLiteError) -> [String] {
        let lines = try query(pragma).compactMap { $0.values.first.flatMap { if case .text(let text) = $0 { text } else { nil } } }
        return lines == ["ok"] ? [] : lines
    }

    /// `PRAGMA application_id`: the number a file format writes in the header to say what it is.
    public var applicationID: Int32 {
        get throws(SQLiteError) { Int32(truncatingIfNeeded: try query("PRAGMA application_id").first?.int("application_id") ?? 0) }
    }

    /// Sets `PRAGMA application_id`.
    public func setApplicationID(_ id: Int32) throws(SQLiteError) {
        try execute("PRAGMA application_id = \(id)")
    }

    /// The names of the tables, internal ones left out.
    public func tableNames() throws(SQLiteError) -> [String] {
        try query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").compactMap { $0.string("name") }
    }

    /// Copies the whole database, as one consistent snapshot, into a new file at `path` with SQLite's
    /// online backup API; writers go on meanwhile (WAL). Returns the number of pages copied.
    @discardableResult
    public func backup(to path: String) throws(SQLiteError) -> Int {
        let target = try Database(path: path, options: .init(synchronous: .full))
        guard let backup = sqlite3_backup_init(target.connection, "main", connection, "main") else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(target.connection), message: String(cString: sqlite3_errmsg(target.connection)), sql: "backup")
        }
        // All pages in one step: one read transaction, so the copy is one moment of the source.
        let stepped = sqlite3_backup_step(backup, -1)
        let pages = Int(sqlite3_backup_pagecount(backup))
        let finished = sqlite3_backup_finish(backup)
        if stepped != SQLITE_DONE { try checkSQLite(stepped, target.connection, sql: "backup") }
        try checkSQLite(finished, target.connection, sql: "backup")
        // The copy is a journal of its own: fold its WAL in, so one file is the whole backup.
        try target.checkpoint()
        try target.execute("PRAGMA journal_mode = DELETE")
        return pages
    }

    /// Caps the database at `pages` pages (`PRAGMA max_page_count`); a write past it fails as full.
    /// Returns the cap in effect. For tests of what a full disk does.
    @discardableResult
    public func setMaxPageCount(_ pages: Int) throws(SQLiteError) -> Int {
        Int(try query("PRAGMA max_page_count = \(pages)").first?.int("max_page_count") ?? 0)
    }

    /// The database's size in pages.
    public var pageCount: Int {
        get throws(SQLiteError) { Int(try query("PRAGMA page_count").first?.int("page_count") ?? 0) }
    }
}
