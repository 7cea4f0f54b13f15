-- The one store of the guessing limits (sandbox/attempt-limit.ts, decisions 22 and 28): failed tries
-- (and sent codes) per limited key, a keyed hash of the action and of who tries (the anonymous
-- browser id, the address, the account). It replaces termination_attempts, whose rows are kept.
CREATE TABLE failed_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  client_key TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX failed_attempts_key ON failed_attempts(client_key, failed_at);
INSERT INTO failed_attempts (client_key, failed_at) SELECT client_key, failed_at FROM termination_attempts;
DROP TABLE termination_attempts;
