-- The bill as lists (domain/bill.ts): an order's and a checkout's adjustments and charges, each allocated to the
-- lines by "productId-size". Existing orders and checkouts are converted: the discount becomes a coupon
-- adjustment and the Cash on Delivery fee a charge, each shared exactly as the tax invoice always shared them
-- (largest remainder, in proportion to the lines' amounts, then to what is left after the discount).
CREATE FUNCTION bill_parts_paise(parts jsonb) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(sum((part->>'amountPaise')::integer), 0)::integer FROM jsonb_array_elements(parts) AS part
$$;--> statement-breakpoint
-- shareOut of domain/money.ts, for the conversion below only (dropped at the end).
CREATE FUNCTION bill_share_out(amount bigint, keys text[], weights bigint[]) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n integer := coalesce(array_length(keys, 1), 0);
  total bigint := 0;
  parts bigint[];
  remainders bigint[];
  left_over bigint := amount;
  result jsonb := '[]'::jsonb;
  i integer;
BEGIN
  FOR i IN 1..n LOOP total := total + weights[i]; END LOOP;
  IF total = 0 OR amount = 0 THEN RETURN result; END IF;
  parts := array_fill(0::bigint, ARRAY[n]);
  remainders := array_fill(0::bigint, ARRAY[n]);
  FOR i IN 1..n LOOP
    parts[i] := (amount * weights[i]) / total;
    remainders[i] := (amount * weights[i]) % total;
    left_over := left_over - parts[i];
  END LOOP;
  -- The biggest remainders get the paise that flooring left over; ties go to the earlier line.
  FOR i IN SELECT s.i FROM generate_subscripts(keys, 1) AS s(i) ORDER BY remainders[s.i] DESC, s.i LOOP
    EXIT WHEN left_over <= 0;
    parts[i] := parts[i] + 1;
    left_over := left_over - 1;
  END LOOP;
  FOR i IN 1..n LOOP
    IF parts[i] > 0 THEN
      result := result || jsonb_build_array(jsonb_build_object('line', keys[i], 'amountPaise', parts[i]));
    END IF;
  END LOOP;
  RETURN result;
END
$$;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_cod_fee_range";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_add_up";--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "charges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "adjustments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charges_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" o SET "adjustments" = jsonb_build_array(jsonb_build_object(
    'kind', 'coupon',
    'label', CASE WHEN o.coupon->>'code' IS NULL THEN 'Discount' ELSE 'Discount (' || (o.coupon->>'code') || ')' END,
    'code', o.coupon->>'code',
    'amountPaise', o.discount_paise,
    'allocation', bill_share_out(o.discount_paise, l.keys, l.amounts)))
  FROM (SELECT order_id, array_agg(product_id || '-' || size ORDER BY id) AS keys, array_agg(line_total_paise::bigint ORDER BY id) AS amounts
        FROM order_items GROUP BY order_id) l
  WHERE l.order_id = o.id AND o.discount_paise > 0;--> statement-breakpoint
UPDATE "orders" o SET "charges_paise" = o.cod_fee_paise, "charges" = jsonb_build_array(jsonb_build_object(
    'kind', 'cod-fee',
    'label', 'Cash on Delivery fee',
    'amountPaise', o.cod_fee_paise,
    'allocation', bill_share_out(o.cod_fee_paise, l.keys, CASE WHEN l.net_total > 0 THEN l.nets ELSE l.amounts END)))
  FROM (SELECT order_id, array_agg(key ORDER BY id) AS keys, array_agg(amount ORDER BY id) AS amounts,
               array_agg(amount - taken ORDER BY id) AS nets, sum(amount - taken) AS net_total
        FROM (SELECT i.order_id, i.id, i.product_id || '-' || i.size AS key, i.line_total_paise::bigint AS amount,
                     coalesce((SELECT sum((share->>'amountPaise')::bigint)
                               FROM orders a, jsonb_array_elements(a.adjustments) adjustment, jsonb_array_elements(adjustment->'allocation') share
                               WHERE a.id = i.order_id AND share->>'line' = i.product_id || '-' || i.size), 0)::bigint AS taken
              FROM order_items i) lines
        GROUP BY order_id) l
  WHERE l.order_id = o.id AND o.cod_fee_paise > 0;--> statement-breakpoint
UPDATE "checkouts" c SET "adjustments" = jsonb_build_array(jsonb_build_object(
    'kind', 'coupon',
    'label', CASE WHEN c.coupon->>'code' IS NULL THEN 'Discount' ELSE 'Discount (' || (c.coupon->>'code') || ')' END,
    'code', c.coupon->>'code',
    'amountPaise', c.discount_paise,
    'allocation', bill_share_out(c.discount_paise, l.keys, l.amounts)))
  FROM (SELECT c2.id, array_agg((line->>'productId') || '-' || (line->>'size') ORDER BY position) AS keys,
               array_agg((line->>'lineTotalPaise')::bigint ORDER BY position) AS amounts
        FROM checkouts c2, jsonb_array_elements(c2.lines) WITH ORDINALITY AS t(line, position) GROUP BY c2.id) l
  WHERE l.id = c.id AND c.discount_paise > 0;--> statement-breakpoint
DROP FUNCTION bill_share_out(bigint, text[], bigint[]);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_adjustments_add_up" CHECK ("orders"."discount_paise" = bill_parts_paise("orders"."adjustments"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_add_up" CHECK ("orders"."charges_paise" = bill_parts_paise("orders"."charges") and "orders"."charges_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_add_up" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."shipping_paise" + "orders"."charges_paise");
