import Foundation
import PostgreSQL

/// A fresh schema on a PostgreSQL server for one benchmark row: its URL puts the schema first in
/// `search_path`, so the journal's tables are made there; `drop()` removes it with everything in it.
struct PostgresScratch {
    /// The schema's URL, with the server's credentials.
    let url: PostgresURL
    /// The server's `synchronous_commit`, which the row runs with.
    let synchronousCommit: String
    private let server: PostgresURL
    private let name: String

    init(server: PostgresURL) throws {
        self.server = server
        name = "bench_" + UUID().uuidString.prefix(8).lowercased()
        let connection = try PostgresConnection(url: server)
        try connection.execute("CREATE SCHEMA \(name)")
        synchronousCommit = try connection.query("SHOW synchronous_commit").first?.string("synchronous_commit") ?? "?"
        let separator = server.text.contains("?") ? "&" : "?"
        url = try PostgresURL(server.text + separator + "options=-c%20search_path%3D\(name)")
    }

    /// Drops the schema; best effort.
    func drop() {
        try? PostgresConnection(url: server, settings: [("lock_timeout", "5s")]).execute("DROP SCHEMA IF EXISTS \(name) CASCADE")
    }
}
