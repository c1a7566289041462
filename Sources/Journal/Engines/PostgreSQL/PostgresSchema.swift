import SQLite

/// The journal's tables on PostgreSQL, versioned like SQLite's (`Schema`): the same version numbers
/// bring the same tables and columns, in PostgreSQL's types. Times are text as on SQLite (`Timestamp`:
/// UTC, three fractional digits), so they read back and compare the same on both engines.
/// Applied by `PostgresJournalDatabase.migrate`.
enum PostgresSchema {
    static let migrations: [Migration] = [
        Migration(
            version: 1,
            sql: """
                CREATE TABLE jobs (
                    -- Named as SQLite's implicit column, so the journal's statements read the same on both engines.
                    rowid bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                    id text PRIMARY KEY,
                    operation text NOT NULL,
                    state text NOT NULL,
                    idempotency_key text UNIQUE,
                    created_at text NOT NULL,
                    updated_at text NOT NULL,
                    body text NOT NULL
                );
                CREATE INDEX jobs_by_state ON jobs (state, rowid);
                CREATE TABLE presentations (
                    id text PRIMARY KEY,
                    job text NOT NULL REFERENCES jobs (id),
                    sequence integer NOT NULL,
                    body text NOT NULL,
                    resolution text,
                    UNIQUE (job, sequence)
                );
                CREATE INDEX presentations_pending ON presentations (job) WHERE resolution IS NULL;
                CREATE TABLE steps (
                    job text NOT NULL REFERENCES jobs (id),
                    name text NOT NULL,
                    value text NOT NULL,
                    PRIMARY KEY (job, name)
                );
                CREATE TABLE events (
                    sequence bigint PRIMARY KEY,
                    type text NOT NULL,
                    job text,
                    at text NOT NULL,
                    body text NOT NULL
                );
                """),
        // The operation registry: every distinct announcement, so the broker knows an operation across restarts.
        Migration(
            version: 2,
            sql: """
                CREATE TABLE operations (
                    rowid bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                    name text NOT NULL,
                    body text NOT NULL,
                    worker text NOT NULL,
                    first_at text NOT NULL,
                    last_at text NOT NULL,
                    PRIMARY KEY (name, body)
                );
                """),
        // The limits' columns, as on SQLite: the request digest kept with an idempotency key, and the storage probe.
        Migration(
            version: 3,
            sql: """
                ALTER TABLE jobs ADD COLUMN request_digest text;
                CREATE TABLE storage_probe (
                    id integer PRIMARY KEY CHECK (id = 1),
                    at text NOT NULL
                );
                """),
        Migration(
            version: 4,
            sql: """
                -- The broker lease: which of the brokers sharing this journal is active.
                CREATE TABLE broker_lease (
                    id integer PRIMARY KEY CHECK (id = 1),
                    epoch bigint NOT NULL,            -- raised by every broker that takes the lease: the fencing token
                    holder text NOT NULL,             -- the name of the broker that took it
                    expires_at timestamptz NOT NULL   -- by the database's clock, so the brokers' clocks do not matter
                );
                INSERT INTO broker_lease (id, epoch, holder, expires_at) VALUES (1, 0, '', '-infinity');
                -- Starts every write of the active broker: extends its lease, or fails the write if another broker took it.
                CREATE FUNCTION interlude_fence(held bigint, ttl_ms bigint) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE broker_lease SET expires_at = clock_timestamp() + ttl_ms * interval '1 millisecond' WHERE id = 1 AND epoch = held;
                    IF NOT FOUND THEN
                        RAISE EXCEPTION 'the lease of epoch % was taken by another broker', held USING ERRCODE = 'IL001';
                    END IF;
                END
                $$;
                """),
        // Each job's timeline, as on SQLite.
        Migration(
            version: 5,
            sql: """
                CREATE TABLE history (
                    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,  -- the order of the whole journal; a page's cursor
                    job text NOT NULL,
                    at text NOT NULL,
                    type text NOT NULL,
                    body text NOT NULL
                );
                CREATE INDEX history_by_job ON history (job, id);
                """),
        // Retention, as on SQLite.
        Migration(
            version: 6,
            sql: """
                CREATE INDEX jobs_finished ON jobs (updated_at) WHERE state IN ('succeeded', 'failed', 'cancelled');
                CREATE INDEX events_by_time ON events (at);
                """),
        // Idempotency keys indexed only where there is one, as on SQLite (there by rebuilding the table).
        Migration(
            version: 7,
            sql: """
                ALTER TABLE jobs DROP CONSTRAINT jobs_idempotency_key_key;
                CREATE UNIQUE INDEX jobs_by_idempotency_key ON jobs (idempotency_key) WHERE idempotency_key IS NOT NULL;
                """),
        // Refusals left out of a timeline, counted, as on SQLite (8 is SQLite's alone).
        Migration(
            version: 9,
            sql: """
                CREATE TABLE refusals_omitted (
                    job text PRIMARY KEY,
                    omitted bigint NOT NULL
                );
                """),
        // A pending question's approvals so far, as on SQLite.
        Migration(
            version: 10,
            sql: """
                ALTER TABLE presentations ADD COLUMN approvals text;
                """),
    ]
}
