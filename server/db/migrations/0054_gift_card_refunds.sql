ALTER TABLE "gift_card_sales" ADD COLUMN "provider_refund_id" text;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD COLUMN "refunded_by" uuid;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_sales_refund_unique" ON "gift_card_sales" USING btree ("provider_refund_id");--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_refund_recorded" CHECK (("gift_card_sales"."refunded_at" is null) = ("gift_card_sales"."provider_refund_id" is null));