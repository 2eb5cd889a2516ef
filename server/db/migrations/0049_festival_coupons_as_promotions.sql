ALTER TABLE "promotions" ADD COLUMN "festival_id" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_festival_id_festivals_id_fk" FOREIGN KEY ("festival_id") REFERENCES "public"."festivals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_festival_unique" ON "promotions" USING btree ("festival_id");--> statement-breakpoint
-- Hand-written tail (decision 78): every festival's coupon becomes the promotion underneath it, with its terms (the
-- minimum order as a minimum-subtotal condition; a percentage with its cap, or a fixed amount, off the order), its
-- dates, priority and on/off switch, its cap and the uses already counted. A banner-only festival's has no code and
-- is never offered. Codes were already unique across festivals and promotions (decision 49), so none collide.
INSERT INTO "promotions" ("name", "code", "conditions", "actions", "combinable", "priority", "paused", "starts_at", "ends_at", "usage_limit", "used_count", "festival_id", "created_at", "updated_at")
SELECT f."name", f."festival_code",
  CASE WHEN f."minimum_order_paise" > 0 THEN jsonb_build_array(jsonb_build_object('type', 'minimum-subtotal', 'amountPaise', f."minimum_order_paise")) ELSE '[]'::jsonb END,
  jsonb_build_array(CASE WHEN f."coupon_type" = 'percentage'
    THEN jsonb_build_object('type', 'order-percent', 'percentBp', f."discount_value", 'maximumPaise', f."max_discount_paise")
    ELSE jsonb_build_object('type', 'order-fixed', 'amountPaise', f."discount_value") END),
  true, f."priority", NOT f."is_active", f."start_date", f."end_date", f."usage_limit", f."used_count", f."id", f."created_at", f."updated_at"
FROM "festivals" f;--> statement-breakpoint
-- A checkout that holds or held a festival coupon's use records it as a use of that promotion, so a hold released
-- after this change gives the use back, and a late payment takes it again, as they did on the festival's count.
INSERT INTO "promotion_uses" ("promotion_id", "checkout_id", "user_id", "state", "created_at")
SELECT p."id", c."id", c."user_id", CASE WHEN c."hold_state" = 'released' THEN 'released' ELSE 'taken' END, c."created_at"
FROM "checkouts" c JOIN "promotions" p ON p."festival_id" = (c."coupon" ->> 'festivalId')::integer
WHERE c."coupon" ->> 'festivalId' IS NOT NULL
ON CONFLICT DO NOTHING;
