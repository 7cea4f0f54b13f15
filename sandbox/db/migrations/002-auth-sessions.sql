-- The authorization server (sandbox/oauth.ts): which session a code or auto sign-in code gave out, so
-- that a code presented a second time revokes that session (RFC 6749 10.5); and how often a typed code
-- (the email-change code) was tried, so that it cannot be guessed.

ALTER TABLE authorization_codes ADD COLUMN session_id TEXT REFERENCES sessions(id);
ALTER TABLE one_time_codes ADD COLUMN session_id TEXT REFERENCES sessions(id);
ALTER TABLE one_time_codes ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
