extension PostgresConnection {
    /// Runs `body` inside `BEGIN` … `COMMIT` (statements and pipelines in it join the transaction),
    /// rolling back if it throws.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            // Best effort: the caller is already hearing of the error that caused the rollback.
            try? execute("ROLLBACK")
            throw error
        }
    }
}
