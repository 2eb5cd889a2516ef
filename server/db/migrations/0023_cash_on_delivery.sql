-- Cash on delivery: the fee is part of the total, and the order remembers its confirmation deadline and how its cash story ended.
ALTER TABLE "orders" DROP CONSTRAINT "orders_totals_add_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_returned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_cod_unconfirmed_idx" ON "orders" USING btree ("cod_confirm_by") WHERE "orders"."payment_status" = 'cod_pending' and "orders"."cod_confirmed_at" is null and "orders"."status" <> 'cancelled';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee_range" CHECK ("orders"."cod_fee_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_totals_add_up" CHECK ("orders"."total_paise" = "orders"."subtotal_paise" - "orders"."discount_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise");