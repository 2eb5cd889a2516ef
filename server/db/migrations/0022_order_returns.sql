CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"lines" jsonb NOT NULL,
	"refund_paise" integer NOT NULL,
	"restocked" boolean,
	"admin_note" text,
	"provider_refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_refund_non_negative" CHECK ("order_returns"."refund_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_status_created_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_returns_refund_unique" ON "order_returns" USING btree ("provider_refund_id");--> statement-breakpoint
-- Orders delivered before the column existed: the return window counts from their last 'delivered' entry.
UPDATE "orders" SET "delivered_at" = coalesce(
  (SELECT max(h."created_at") FROM "order_status_history" h WHERE h."order_id" = "orders"."id" AND h."status" = 'delivered'),
  "orders"."updated_at")
WHERE "orders"."status" = 'delivered';
