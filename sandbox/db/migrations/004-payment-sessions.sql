-- The hosted payment page's visit (payment_sessions) knows what it is for, what it allows and what
-- it produced; a payment knows the instrument type it was made with.

-- 'order' (the upsert carried orderNumber) or 'edit' (the customer changes the instrument of an order).
ALTER TABLE payment_sessions ADD COLUMN purpose TEXT NOT NULL DEFAULT 'order';
-- Comma-separated payment methods the page offers (SPEC.md 6.1): BANKACCOUNT,CREDITCARD or CREDITCARD.
ALTER TABLE payment_sessions ADD COLUMN allowed_methods TEXT NOT NULL DEFAULT 'BANKACCOUNT,CREDITCARD';
-- Set by the page when the tester pays (status 'paid'), or on a simulated provider error (status 'error').
ALTER TABLE payment_sessions ADD COLUMN payment_method TEXT;
ALTER TABLE payment_sessions ADD COLUMN payment_instrument_id TEXT REFERENCES payment_instruments(id);
-- Set by confirmPaymentSuccess: the instrument is linked to the order.
ALTER TABLE payment_sessions ADD COLUMN confirmed_at TEXT;
CREATE INDEX payment_sessions_transaction ON payment_sessions(transaction_id);

ALTER TABLE payments ADD COLUMN instrument_type TEXT; -- BANKACCOUNT, CREDITCARD, TDX_Instrument
