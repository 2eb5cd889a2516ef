-- Each shop day's rollup rows are spread over 8 slots, picked by the order's id: every order of the day used to
-- update the day's one row and hold its lock until commit, so concurrent checkouts queued there. Readers sum slots.
ALTER TABLE "daily_sales" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_product_sales" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_sales" DROP CONSTRAINT "daily_sales_pkey";--> statement-breakpoint
ALTER TABLE "daily_sales" ADD CONSTRAINT "daily_sales_day_slot_pk" PRIMARY KEY("day","slot");--> statement-breakpoint
ALTER TABLE "daily_product_sales" DROP CONSTRAINT "daily_product_sales_day_product_id_category_id_pk";--> statement-breakpoint
ALTER TABLE "daily_product_sales" ADD CONSTRAINT "daily_product_sales_day_product_id_category_id_slot_pk" PRIMARY KEY("day","product_id","category_id","slot");--> statement-breakpoint
-- An order's slot: the same for all its writes, so its own additions and removals meet in one row, and two
-- transactions on orders of one slot still lock that slot's rows in one order (day, then products in order).
CREATE FUNCTION daily_sales_slot(target_order uuid) RETURNS smallint
LANGUAGE sql IMMUTABLE AS $$ SELECT (abs(hashtext(target_order::text)) % 8)::smallint $$;
--> statement-breakpoint
DROP FUNCTION daily_product_sales_add(date, integer, text, integer, bigint);--> statement-breakpoint
CREATE FUNCTION daily_product_sales_add(shop_day date, product integer, category text, order_slot smallint, unit_delta integer, revenue_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_product_sales AS sold (day, product_id, category_id, slot, units, revenue_paise)
  VALUES (shop_day, product, category, order_slot, unit_delta, revenue_delta)
  ON CONFLICT (day, product_id, category_id, slot)
  DO UPDATE SET units = sold.units + excluded.units, revenue_paise = sold.revenue_paise + excluded.revenue_paise;
END $$;
--> statement-breakpoint
-- Revenue only (a refund of part of a standing order), into the order's slot of its day.
CREATE FUNCTION daily_sales_add_revenue(target_order uuid, placed_at timestamptz, revenue_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_sales AS sold (day, slot, orders, revenue_paise)
  VALUES ((placed_at AT TIME ZONE 'Asia/Kolkata')::date, daily_sales_slot(target_order), 0, revenue_delta)
  ON CONFLICT (day, slot) DO UPDATE SET revenue_paise = sold.revenue_paise + excluded.revenue_paise;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION daily_sales_add_order(target_order uuid, placed_at timestamptz, order_total integer, direction integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  shop_day date := (placed_at AT TIME ZONE 'Asia/Kolkata')::date;
  order_slot smallint := daily_sales_slot(target_order);
  line record;
BEGIN
  INSERT INTO daily_sales AS sold (day, slot, orders, revenue_paise) VALUES (shop_day, order_slot, direction, direction * order_total::bigint)
  ON CONFLICT (day, slot) DO UPDATE SET orders = sold.orders + excluded.orders, revenue_paise = sold.revenue_paise + excluded.revenue_paise;
  FOR line IN
    SELECT items.product_id, items.category_id, sum(items.quantity)::integer AS units, sum(items.line_total_paise)::bigint AS revenue
    FROM order_items AS items WHERE items.order_id = target_order
    GROUP BY items.product_id, items.category_id ORDER BY items.product_id, items.category_id
  LOOP
    PERFORM daily_product_sales_add(shop_day, line.product_id, line.category_id, order_slot, direction * line.units, direction * line.revenue);
  END LOOP;
END $$;
--> statement-breakpoint
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
    PERFORM daily_sales_add_revenue(NEW.id, NEW.created_at, -(NEW.refunded_paise - OLD.refunded_paise)::bigint);
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
-- Also skips updates that change nothing the rollup counts (the invoice writing a line's tax figures), which used
-- to take a line away from its product's row and add it back.
CREATE OR REPLACE FUNCTION order_items_keep_daily_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  placed_at timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.order_id = NEW.order_id AND OLD.product_id = NEW.product_id AND OLD.category_id = NEW.category_id
     AND OLD.quantity = NEW.quantity AND OLD.line_total_paise = NEW.line_total_paise THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT o.created_at INTO placed_at FROM orders AS o
    WHERE o.id = OLD.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled';
    IF FOUND THEN
      PERFORM daily_product_sales_add((placed_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.product_id, OLD.category_id, daily_sales_slot(OLD.order_id), -OLD.quantity, -OLD.line_total_paise::bigint);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT o.created_at INTO placed_at FROM orders AS o
    WHERE o.id = NEW.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled';
    IF FOUND THEN
      PERFORM daily_product_sales_add((placed_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.product_id, NEW.category_id, daily_sales_slot(NEW.order_id), NEW.quantity, NEW.line_total_paise::bigint);
    END IF;
  END IF;
  RETURN NULL;
END $$;
