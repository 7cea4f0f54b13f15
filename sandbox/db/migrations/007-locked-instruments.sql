-- SPEC.md 6.1, decision 32: the operator can lock a payment instrument, with or without an
-- explanation; a locked instrument cannot be edited (upsert answers 409 instrumentLocked).
ALTER TABLE payment_instruments ADD COLUMN locked INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payment_instruments ADD COLUMN locked_reason TEXT;
