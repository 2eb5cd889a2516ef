ALTER TABLE "orders" ADD COLUMN "refunded_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders refunded before this column existed were refunded in full.
UPDATE "orders" SET "refunded_paise" = "total_paise" WHERE "payment_status" = 'refunded';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_range" CHECK ("orders"."refunded_paise" >= 0 and "orders"."refunded_paise" <= "orders"."total_paise");
