import SQLite

/// The outbox's own tables in `gateway.sqlite`, separate from the broker's journal.
enum OutboxSchema {
    static let migrations = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE deliveries (
                    id TEXT PRIMARY KEY,
                    sequence INTEGER NOT NULL,
                    subscriber TEXT NOT NULL,
                    url TEXT NOT NULL,
                    event_type TEXT NOT NULL,
                    body BLOB NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'disabled')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at TEXT NOT NULL,
                    last_status INTEGER,
                    last_error TEXT,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE INDEX deliveries_pending ON deliveries (subscriber, sequence) WHERE state = 'pending';
                CREATE INDEX deliveries_recent ON deliveries (state, sequence);
                CREATE TABLE cursor (id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL);
                INSERT INTO cursor (id, sequence) VALUES (1, 0);
                CREATE TABLE disabled_endpoints (
                    subscriber TEXT PRIMARY KEY,
                    url TEXT NOT NULL,
                    status INTEGER,
                    at TEXT NOT NULL
                );
                """)
    ]
}
