import SQLite

/// The mail outbox's tables in `<data>/mail.sqlite`, beside the webhook outbox and apart from the journal.
enum MailSchema {
    static let migrations = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE mails (
                    id TEXT PRIMARY KEY,
                    sequence INTEGER NOT NULL,
                    presentation TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    recipient TEXT NOT NULL,
                    address TEXT NOT NULL,
                    message BLOB NOT NULL,
                    state TEXT NOT NULL CHECK (state IN ('pending', 'sent', 'failed')),
                    attempts INTEGER NOT NULL DEFAULT 0,
                    next_attempt_at TEXT NOT NULL,
                    last_error TEXT,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL
                );
                CREATE INDEX mails_pending ON mails (next_attempt_at) WHERE state = 'pending';
                CREATE TABLE questions (presentation TEXT PRIMARY KEY, body BLOB NOT NULL);
                CREATE TABLE cursor (id INTEGER PRIMARY KEY CHECK (id = 1), sequence INTEGER NOT NULL);
                INSERT INTO cursor (id, sequence) VALUES (1, 0);
                """)
    ]
}
