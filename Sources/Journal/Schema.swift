import SQLite

/// The journal's tables, versioned: each migration runs once, in order, inside a transaction.
enum Schema {
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE jobs (
                    id TEXT PRIMARY KEY,
                    operation TEXT NOT NULL,
                    state TEXT NOT NULL,          -- derived from the body when saved, for listing by state
                    idempotency_key TEXT UNIQUE,
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    body TEXT NOT NULL            -- the job as JSON; its presentation comes from presentations
                );
                CREATE INDEX jobs_by_state ON jobs(state);
                CREATE TABLE presentations (
                    id TEXT PRIMARY KEY,
                    job TEXT NOT NULL REFERENCES jobs(id),
                    sequence INTEGER NOT NULL,
                    body TEXT NOT NULL,
                    resolution TEXT,              -- NULL while pending: the one source of truth for waiting
                    UNIQUE (job, sequence)
                );
                CREATE INDEX presentations_pending ON presentations(job) WHERE resolution IS NULL;
                CREATE TABLE steps (
                    job TEXT NOT NULL REFERENCES jobs(id),
                    name TEXT NOT NULL,
                    value TEXT NOT NULL,
                    PRIMARY KEY (job, name)
                );
                CREATE TABLE events (
                    sequence INTEGER PRIMARY KEY,
                    type TEXT NOT NULL,
                    job TEXT,
                    at TEXT NOT NULL,
                    body TEXT NOT NULL
                );
                """),
        // The operation registry: every distinct announcement, so the broker knows an operation across restarts.
        Migration(
            version: 2,
            sql: """
                CREATE TABLE operations (
                    name TEXT NOT NULL,
                    body TEXT NOT NULL,           -- the announcement as JSON (sorted keys): name, summary, input schema, catalog
                    worker TEXT NOT NULL,         -- the worker that announced it last
                    first_at TEXT NOT NULL,
                    last_at TEXT NOT NULL,
                    PRIMARY KEY (name, body)
                );
                """),
        // Limits: the request digest kept with an idempotency key, and the storage probe.
        Migration(
            version: 3,
            sql: """
                ALTER TABLE jobs ADD COLUMN request_digest TEXT;  -- Idempotency.digest of the submit that created it, with its key
                CREATE TABLE storage_probe (                       -- one row rewritten to learn whether the disk has room again
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    at TEXT NOT NULL
                );
                """),
        // 4 is the broker lease (PostgreSQL).
        // Each job's timeline: queued, dispatched, asked, resolved, … (see HistoryEntry), at most
        // Journal.historyLimit entries a job besides the one that says how it ended, and at most
        // Journal.refusalLimit refusals on top (the others counted in refusals_omitted).
        Migration(
            version: 5,
            sql: """
                CREATE TABLE history (
                    id INTEGER PRIMARY KEY,       -- the order of the whole journal; a page's cursor
                    job TEXT NOT NULL,
                    at TEXT NOT NULL,
                    type TEXT NOT NULL,
                    body TEXT NOT NULL            -- the entry as JSON
                );
                CREATE INDEX history_by_job ON history(job, id);
                """),
        // Retention: finished jobs found by age, events by time (`Journal.prune`).
        Migration(
            version: 6,
            sql: """
                CREATE INDEX jobs_finished ON jobs(updated_at) WHERE state IN ('succeeded', 'failed', 'cancelled');
                CREATE INDEX events_by_time ON events(at);
                """),
        // Idempotency keys indexed only where there is one: `UNIQUE` on the column indexed every job's NULL.
        // SQLite cannot drop a column's constraint, so the table is rebuilt with the same rows and rowids.
        Migration(
            version: 7,
            sql: """
                CREATE TABLE jobs_rebuilt (
                    id TEXT PRIMARY KEY,
                    operation TEXT NOT NULL,
                    state TEXT NOT NULL,          -- derived from the body when saved, for listing by state
                    idempotency_key TEXT,         -- unique where present (jobs_by_idempotency_key)
                    created_at TEXT NOT NULL,
                    updated_at TEXT NOT NULL,
                    body TEXT NOT NULL,           -- the job as JSON; its presentation comes from presentations
                    request_digest TEXT           -- Idempotency.digest of the submit that created it, with its key
                );
                INSERT INTO jobs_rebuilt (rowid, id, operation, state, idempotency_key, created_at, updated_at, body, request_digest)
                    SELECT rowid, id, operation, state, idempotency_key, created_at, updated_at, body, request_digest FROM jobs;
                DROP TABLE jobs;
                ALTER TABLE jobs_rebuilt RENAME TO jobs;
                CREATE INDEX jobs_by_state ON jobs(state);
                CREATE INDEX jobs_finished ON jobs(updated_at) WHERE state IN ('succeeded', 'failed', 'cancelled');
                CREATE UNIQUE INDEX jobs_by_idempotency_key ON jobs(idempotency_key) WHERE idempotency_key IS NOT NULL;
                """, rebuildsTables: true),
        // Every event's row was also written to `events_by_time` (a page, so a WAL frame, in each commit that
        // appends one), and no query reads it: pruning takes the oldest events by sequence (`Journal.prune`),
        // which is their order in time.
        Migration(
            version: 8,
            sql: """
                DROP INDEX IF EXISTS events_by_time;
                """),
        // Refusals past Journal.refusalLimit are counted here instead of taking the timeline's room.
        Migration(
            version: 9,
            sql: """
                CREATE TABLE refusals_omitted (
                    job TEXT PRIMARY KEY,
                    omitted INTEGER NOT NULL      -- refused answers to the job's questions left out of its timeline
                );
                """),
        // Approvals by several people: what a pending question has so far, kept until it resolves.
        Migration(
            version: 10,
            sql: """
                ALTER TABLE presentations ADD COLUMN approvals TEXT;  -- JSON array of Approval while short of the number needed
                """),
    ]
}
