import CPostgres

extension PostgresConnection {
    /// Runs `statements` in one round trip and one implicit transaction (libpq's pipeline mode with a
    /// single sync): every one takes effect, or none does. Returns each statement's result, in order;
    /// the first failure is thrown, and the rest were skipped by the server.
    public func pipeline(_ statements: [PostgresStatement]) throws(PostgresError) -> [PostgresResult] {
        try usable()
        guard !statements.isEmpty else { return [] }
        // Checked before anything is queued: a refusal half-way would leave the pipeline half-sent.
        for statement in statements where statement.values.contains(where: { $0.parameter?.utf8.contains(0) == true }) {
            throw PostgresError(.misuse, "a text value holds a NUL character, which PostgreSQL text cannot store", sql: statement.sql)
        }
        guard PQenterPipelineMode(handle) == 1 else { throw broken(sql: nil) }
        var expected: [Expected] = []
        var naming: [String: String] = [:]
        for (index, statement) in statements.enumerated() {
            if prepared[statement.sql] == nil, naming[statement.sql] == nil, prepared.count + naming.count < Self.preparedLimit {
                let name = "interlude_\(prepared.count + naming.count + 1)"
                guard PQsendPrepare(handle, name, statement.sql, 0, nil) == 1 else { throw broken(sql: statement.sql) }
                naming[statement.sql] = name
                expected.append(.prepare(sql: statement.sql, name: name))
            }
            try send(statement, name: prepared[statement.sql] ?? naming[statement.sql])
            expected.append(.statement(index))
        }
        guard PQpipelineSync(handle) == 1 else { throw broken(sql: nil) }
        var results = Array(repeating: PostgresResult(rows: [], affected: 0), count: statements.count)
        var failure: PostgresError?
        var position = 0
        try exchange(sql: statements.first?.sql) { () throws(PostgresError) -> Bool in
            // A NULL ends one command's results; the sync's own result ends the pipeline.
            guard let result = PQgetResult(handle) else {
                position += 1
                return false
            }
            defer { PQclear(result) }
            let status = PQresultStatus(result)
            if status == PGRES_PIPELINE_SYNC { return true }
            guard position < expected.count else { return false }
            switch (status, expected[position]) {
            case (PGRES_COMMAND_OK, .prepare(let sql, let name)):
                prepared[sql] = name
            case (PGRES_TUPLES_OK, .statement(let index)), (PGRES_COMMAND_OK, .statement(let index)):
                results[index] = Self.read(result)
            case (PGRES_PIPELINE_ABORTED, _):
                break
            default:
                if failure == nil { failure = .from(result: result, sql: expected[position].sql(statements)) }
            }
            return false
        }
        guard PQexitPipelineMode(handle) == 1 else { throw broken(sql: nil) }
        if let failure { throw failure }
        return results
    }

    /// What the server will answer next in a pipeline.
    private enum Expected {
        case prepare(sql: String, name: String)
        case statement(Int)

        func sql(_ statements: [PostgresStatement]) -> String {
            switch self {
            case .prepare(let sql, _): sql
            case .statement(let index): statements[index].sql
            }
        }
    }

    private func send(_ statement: PostgresStatement, name: String?) throws(PostgresError) {
        let sent = withCStrings(statement.values.map(\.parameter)) { values in
            if let name {
                PQsendQueryPrepared(handle, name, Int32(values.count), values, nil, nil, 0)
            } else {
                PQsendQueryParams(handle, statement.sql, Int32(values.count), nil, values, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw broken(sql: statement.sql) }
    }

    /// The rows and affected count of a successful result.
    static func read(_ result: OpaquePointer) -> PostgresResult {
        let count = Int(PQnfields(result))
        let columns = (0..<count).map { String(cString: PQfname(result, Int32($0))) }
        let kinds = (0..<count).map { PostgresRow.kind(ofType: PQftype(result, Int32($0))) }
        let rows = (0..<PQntuples(result)).map { row in
            PostgresRow(
                columns: columns, kinds: kinds,
                values: (0..<count).map { column in
                    PQgetisnull(result, row, Int32(column)) == 1 ? nil : String(cString: PQgetvalue(result, row, Int32(column)))
                })
        }
        return PostgresResult(rows: rows, affected: Int(String(cString: PQcmdTuples(result))) ?? rows.count)
    }
}
