/** The embedded event store's one table: the global log, by position, with its two unique indexes. */
export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY,
    stream      TEXT    NOT NULL,
    revision    INTEGER NOT NULL,
    id          TEXT    NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    recorded_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
  CREATE UNIQUE INDEX IF NOT EXISTS events_id ON events (id);
`;
