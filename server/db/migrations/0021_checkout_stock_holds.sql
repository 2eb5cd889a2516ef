ALTER TABLE "products" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "hold_state" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_live_holds_idx" ON "checkouts" USING btree ("hold_expires_at") WHERE "checkouts"."hold_state" = 'held';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_non_negative" CHECK ("products"."held" >= 0);