ALTER TABLE "checkouts" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift" jsonb;