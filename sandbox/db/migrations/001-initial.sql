-- The sandbox's state. Timestamps are ISO 8601 strings (UTC); dates are YYYY-MM-DD; flags 0/1.

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 0,
  product TEXT NOT NULL DEFAULT 'deuti',
  company_id TEXT,
  staff_number TEXT,
  first_name TEXT,
  last_name TEXT,
  has_agreed_to_privacy_policy INTEGER NOT NULL DEFAULT 0,
  has_agreed_to_newsletter INTEGER NOT NULL DEFAULT 0,
  affiliate TEXT,
  -- Seeded exceptions: an account whose deletion is not allowed, one that may not change its email.
  can_delete INTEGER NOT NULL DEFAULT 1,
  can_change_email INTEGER NOT NULL DEFAULT 1,
  deleted_at TEXT,
  created_at TEXT NOT NULL
);

-- A signed-in browser: one row per sign-in, revoked as a whole.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  scope TEXT NOT NULL,
  revoked_at TEXT,
  created_at TEXT NOT NULL
);

-- Access and refresh tokens, stored as hashes. A consumed refresh token that comes back revokes the session.
CREATE TABLE tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh')),
  session_id TEXT NOT NULL REFERENCES sessions(id),
  expires_at INTEGER NOT NULL,
  consumed_at TEXT
);
CREATE INDEX tokens_session ON tokens(session_id);

CREATE TABLE authorization_codes (
  code_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  scope TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at TEXT
);

-- Single-use codes mailed or handed out: email verification, password reset, email change, auto sign-in.
CREATE TABLE one_time_codes (
  code_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('verify-email', 'reset-password', 'change-email', 'auto-sign-in')),
  user_id TEXT NOT NULL REFERENCES users(id),
  new_email TEXT,
  expires_at INTEGER NOT NULL,
  used_at TEXT
);

CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  to_address TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE companies (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  product TEXT NOT NULL,
  -- Monthly prices in euro: what the customer pays, what the employer adds, the full price.
  customer_price REAL NOT NULL,
  employer_price REAL NOT NULL,
  total_price REAL NOT NULL,
  staff_min_length INTEGER,
  staff_max_length INTEGER,
  staff_pattern TEXT,
  staff_hint_de TEXT,
  staff_hint_en TEXT,
  -- For seti: the university whose student records check the matriculation number.
  university_id TEXT
);

CREATE TABLE students (
  university_id TEXT NOT NULL,
  matriculation_number TEXT NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  taken_by_user_id TEXT,
  PRIMARY KEY (university_id, matriculation_number)
);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  order_number TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id),
  product TEXT NOT NULL,
  company_id TEXT NOT NULL,
  staff_number TEXT,
  -- Raw status (SPEC.md 4.3): inprogress, submitted, verified, approved, accepted, fulfilled, terminated, or another.
  order_status TEXT NOT NULL,
  buy_on TEXT NOT NULL,
  terminated_at TEXT,
  subscription_starts_at TEXT NOT NULL,
  billing_address TEXT NOT NULL, -- JSON, the submit payload's billing_address
  traveler TEXT NOT NULL,        -- JSON, the submit payload's traveler
  quote_id TEXT,
  customer_price REAL NOT NULL,
  total_price REAL NOT NULL,
  affiliate TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX orders_user ON orders(user_id);

CREATE TABLE subscriptions (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE REFERENCES orders(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  subscription_number TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL, -- active, revoked, canceled
  terminate_date TEXT,
  can_withdraw_termination INTEGER NOT NULL DEFAULT 0,
  pause_from TEXT,  -- YYYY-MM
  pause_until TEXT, -- YYYY-MM
  subscriber TEXT,  -- JSON, the last change-subscriber body
  created_at TEXT NOT NULL
);

CREATE TABLE tickets (
  id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL REFERENCES subscriptions(id),
  valid_from TEXT NOT NULL,
  valid_until TEXT NOT NULL
);

CREATE TABLE payment_information (
  user_id TEXT PRIMARY KEY REFERENCES users(id),
  account_name TEXT NOT NULL,
  iban TEXT NOT NULL,
  bic TEXT NOT NULL,
  has_agreed_to_sepa INTEGER NOT NULL
);

CREATE TABLE blacklisted_ibans (
  iban TEXT PRIMARY KEY
);

CREATE TABLE payment_instruments (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  order_id TEXT REFERENCES orders(id),
  type TEXT NOT NULL, -- BANKACCOUNT, CREDITCARD, TDX_Instrument
  account_holder TEXT,
  iban TEXT,
  bic TEXT,
  issuer TEXT,
  number TEXT,
  validity TEXT,
  status TEXT NOT NULL, -- Ok, Expired, PaymentFailed, SecurityCheckPending
  created_at TEXT NOT NULL
);

-- A visit to the hosted payment page, created by the upsert call.
CREATE TABLE payment_sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  order_id TEXT REFERENCES orders(id),
  order_number TEXT,
  payload TEXT NOT NULL, -- JSON, the upsert payload
  status TEXT NOT NULL DEFAULT 'open', -- open, paid, failed
  transaction_id TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  order_id TEXT REFERENCES orders(id),
  amount REAL NOT NULL,
  due_date TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE insurers (
  zip_prefix TEXT NOT NULL,
  country TEXT NOT NULL DEFAULT 'DE',
  company_name TEXT NOT NULL,
  address_and_web TEXT NOT NULL,
  PRIMARY KEY (country, zip_prefix)
);

CREATE TABLE idempotency_keys (
  scope TEXT NOT NULL,         -- operation and caller
  key TEXT NOT NULL,
  request_hash TEXT NOT NULL,
  state TEXT NOT NULL,         -- running, done
  response_status INTEGER,
  response_headers TEXT,
  response_body TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (scope, key)
);

CREATE TABLE faults (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  method TEXT NOT NULL,
  path TEXT NOT NULL,   -- exact path, or a prefix ending in *
  status INTEGER,       -- answer with this status, or
  delay_ms INTEGER,     -- delay the real answer by this much
  remaining INTEGER NOT NULL
);
