CREATE TABLE "daily_product_sales" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"category_id" text NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_product_sales_day_product_id_category_id_pk" PRIMARY KEY("day","product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "daily_sales" (
	"day" date PRIMARY KEY NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The rollup is kept by triggers, not by application code, so no write path can forget it. Shop days are in
-- Asia/Kolkata (SHOP_TIME_ZONE in domain/orders.ts); an order counts while payment_status = 'paid' and status is
-- not 'cancelled' (countsAsSpent in domain/orders.ts).
CREATE FUNCTION daily_product_sales_add(shop_day date, product integer, category text, unit_delta integer, revenue_delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_product_sales AS sold (day, product_id, category_id, units, revenue_paise)
  VALUES (shop_day, product, category, unit_delta, revenue_delta)
  ON CONFLICT (day, product_id, category_id)
  DO UPDATE SET units = sold.units + excluded.units, revenue_paise = sold.revenue_paise + excluded.revenue_paise;
END $$;
--> statement-breakpoint
-- Adds (direction 1) or takes away (direction -1) one order and its lines. Lines go in product order, the same order in
-- which stock rows are locked, so two transactions never wait on each other's rollup rows in a cycle.
CREATE FUNCTION daily_sales_add_order(target_order uuid, placed_at timestamptz, order_total integer, direction integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  shop_day date := (placed_at AT TIME ZONE 'Asia/Kolkata')::date;
  line record;
BEGIN
  INSERT INTO daily_sales AS sold (day, orders, revenue_paise) VALUES (shop_day, direction, direction * order_total::bigint)
  ON CONFLICT (day) DO UPDATE SET orders = sold.orders + excluded.orders, revenue_paise = sold.revenue_paise + excluded.revenue_paise;
  FOR line IN
    SELECT items.product_id, items.category_id, sum(items.quantity)::integer AS units, sum(items.line_total_paise)::bigint AS revenue
    FROM order_items AS items WHERE items.order_id = target_order
    GROUP BY items.product_id, items.category_id ORDER BY items.product_id, items.category_id
  LOOP
    PERFORM daily_product_sales_add(shop_day, line.product_id, line.category_id, direction * line.units, direction * line.revenue);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION orders_keep_daily_sales() RETURNS trigger
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
     AND (NOT is_spent OR (OLD.created_at = NEW.created_at AND OLD.total_paise = NEW.total_paise)) THEN
    RETURN NULL;
  END IF;
  IF was_spent THEN
    PERFORM daily_sales_add_order(OLD.id, OLD.created_at, OLD.total_paise, -1);
  END IF;
  IF is_spent THEN
    PERFORM daily_sales_add_order(NEW.id, NEW.created_at, NEW.total_paise, 1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deletion is counted before the row goes, while its lines are still there to subtract.
CREATE TRIGGER orders_keep_daily_sales_on_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_daily_sales();
--> statement-breakpoint
CREATE TRIGGER orders_keep_daily_sales AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_daily_sales();
--> statement-breakpoint
-- A line added to, changed on or removed from an order that already counts. Lines removed along with their order
-- find no order left and change nothing: the order's own trigger has taken them away.
CREATE FUNCTION order_items_keep_daily_sales() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  placed_at timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT o.created_at INTO placed_at FROM orders AS o
    WHERE o.id = OLD.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled';
    IF FOUND THEN
      PERFORM daily_product_sales_add((placed_at AT TIME ZONE 'Asia/Kolkata')::date, OLD.product_id, OLD.category_id, -OLD.quantity, -OLD.line_total_paise::bigint);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT o.created_at INTO placed_at FROM orders AS o
    WHERE o.id = NEW.order_id AND o.payment_status = 'paid' AND o.status <> 'cancelled';
    IF FOUND THEN
      PERFORM daily_product_sales_add((placed_at AT TIME ZONE 'Asia/Kolkata')::date, NEW.product_id, NEW.category_id, NEW.quantity, NEW.line_total_paise::bigint);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_items_keep_daily_sales AFTER INSERT OR UPDATE OR DELETE ON order_items FOR EACH ROW EXECUTE FUNCTION order_items_keep_daily_sales();
--> statement-breakpoint
-- Orders placed before the rollup existed.
INSERT INTO daily_sales (day, orders, revenue_paise)
SELECT (created_at AT TIME ZONE 'Asia/Kolkata')::date, count(*), sum(total_paise)
FROM orders WHERE payment_status = 'paid' AND status <> 'cancelled'
GROUP BY 1;
--> statement-breakpoint
INSERT INTO daily_product_sales (day, product_id, category_id, units, revenue_paise)
SELECT (o.created_at AT TIME ZONE 'Asia/Kolkata')::date, items.product_id, items.category_id, sum(items.quantity), sum(items.line_total_paise)
FROM order_items AS items JOIN orders AS o ON o.id = items.order_id
WHERE o.payment_status = 'paid' AND o.status <> 'cancelled'
GROUP BY 1, 2, 3;
