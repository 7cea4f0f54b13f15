-- Orders and subscriptions: what their operations need beyond 001.

-- When a not yet fulfilled order was cancelled (cancelOrder); its order_status is then 'canceled'.
ALTER TABLE orders ADD COLUMN cancelled_at TEXT;

-- 1 when the employer or university collects the customer's share (payroll, semester fee): the
-- quote's customerPrice is then 0 (no payment step) while customerRealPrice is the real share.
ALTER TABLE companies ADD COLUMN collected_by_company INTEGER NOT NULL DEFAULT 0;

-- The order lifecycle is coordinated through orders.order_status only: whoever moves an order to
-- 'fulfilled' (the order submit when no payment is due, the payment success call after a payment)
-- makes it a subscription. Its tickets are issued by the sandbox on the next read.
CREATE TRIGGER orders_fulfilled_become_subscriptions
AFTER UPDATE OF order_status ON orders
WHEN NEW.order_status = 'fulfilled' AND NOT EXISTS (SELECT 1 FROM subscriptions WHERE order_id = NEW.id)
BEGIN
  INSERT INTO subscriptions (id, order_id, user_id, subscription_number, status, created_at)
  VALUES ('sub-' || NEW.id, NEW.id, NEW.user_id, 'S-' || replace(NEW.order_number, '-', ''), 'active', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;
