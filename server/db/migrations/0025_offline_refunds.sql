-- Refunds of cash collected on delivery, which the shop transfers by UPI or bank and records with the transfer's UTR;
-- and the UPI ID the customer gives for them.
CREATE TABLE "offline_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" integer,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"method" text,
	"reference" text,
	"paid_on" text,
	"recorded_by" uuid,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offline_refunds_amount_positive" CHECK ("offline_refunds"."amount_paise" > 0),
	CONSTRAINT "offline_refunds_paid_has_transfer" CHECK ("offline_refunds"."status" <> 'paid' or ("offline_refunds"."method" is not null and "offline_refunds"."reference" is not null and "offline_refunds"."paid_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_upi_id" text;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_refunds" ADD CONSTRAINT "offline_refunds_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_refunds_order_idx" ON "offline_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offline_refunds_reference_unique" ON "offline_refunds" USING btree ("reference");