-- Revenue in the daily rollup is what the shop kept: an order's total less what was refunded of it. A refund of
-- part of a standing order (a return) changes only its day's revenue; the order and its lines still count.
CREATE OR REPLACE FUNCTION orders_keep_daily_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_spent boolean := false;
  is_spent boolean := false;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    was_spent := OLD.payment_status = 'paid' AND OLD.status <> 'cancelled';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    is_spent := NEW.payment_status = 'paid' AND NEW.status <> 'cancelled';
  END IF;
  -- Most updates (shipping, tracking) change nothing the rollup counts.
  IF TG_OP = 'UPDATE' AND was_spent = is_spent
     AND (NOT is_spent OR (OLD.created_at = NEW.created_at AND OLD.total_paise = NEW.total_paise AND OLD.refunded_paise = NEW.refunded_paise)) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND was_spent AND is_spent AND OLD.created_at = NEW.created_at AND OLD.total_paise = NEW.total_paise THEN
    UPDATE daily_sales SET revenue_paise = revenue_paise - (NEW.refunded_paise - OLD.refunded_paise)::bigint
    WHERE day = (NEW.created_at AT TIME ZONE 'Asia/Kolkata')::date;
    RETURN NULL;
  END IF;
  IF was_spent THEN
    PERFORM daily_sales_add_order(OLD.id, OLD.created_at, OLD.total_paise - OLD.refunded_paise, -1);
  END IF;
  IF is_spent THEN
    PERFORM daily_sales_add_order(NEW.id, NEW.created_at, NEW.total_paise - NEW.refunded_paise, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Standing orders refunded in part before this: their days counted the whole total.
UPDATE daily_sales AS sold SET revenue_paise = sold.revenue_paise - refunds.paise
FROM (
  SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date AS day, sum(refunded_paise)::bigint AS paise
  FROM orders WHERE payment_status = 'paid' AND status <> 'cancelled' AND refunded_paise > 0
  GROUP BY 1
) AS refunds
WHERE sold.day = refunds.day;
