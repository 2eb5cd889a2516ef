ALTER TABLE "checkouts" DROP CONSTRAINT "checkouts_amount_at_least_one_rupee";--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "vouchers_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "vouchers_paise" = "checkouts"."vouchers_paise" FROM "checkouts" WHERE "checkouts"."id" = "orders"."checkout_id" AND "checkouts"."vouchers_paise" > 0;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_address_for_goods" CHECK ("checkouts"."shipping_address" is not null or "checkouts"."lines" = '[]'::jsonb);--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_amount_at_least_one_rupee" CHECK ("checkouts"."amount_paise" >= 100 or ("checkouts"."amount_paise" = 0 and "checkouts"."vouchers_paise" > 0 and "checkouts"."lines" = '[]'::jsonb));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_for_goods" CHECK ("orders"."shipping_address" is not null or "orders"."subtotal_paise" = 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_nothing_billed_without_goods" CHECK ("orders"."subtotal_paise" > 0 or ("orders"."total_paise" = 0 and "orders"."charges_paise" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_vouchers_bought" CHECK ("orders"."vouchers_paise" >= 0 and ("orders"."subtotal_paise" > 0 or "orders"."vouchers_paise" > 0));