-- Failed identifications of the anonymous termination (decision 22), per client key (a keyed hash of
-- the anonymous browser id or of the address), for its attempt limit.
CREATE TABLE termination_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  client_key TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX termination_attempts_key ON termination_attempts(client_key, failed_at);
