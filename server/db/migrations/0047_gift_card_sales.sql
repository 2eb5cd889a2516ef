CREATE TABLE "gift_card_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"order_id" uuid,
	"buyer_id" uuid,
	"position" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"account_id" integer,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_sales_amount" CHECK ("gift_card_sales"."amount_paise" between 50000 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "vouchers_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_account_id_balance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."balance_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_sales" ADD CONSTRAINT "gift_card_sales_email_id_email_messages_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."email_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_sales_checkout_position_unique" ON "gift_card_sales" USING btree ("checkout_id","position");--> statement-breakpoint
CREATE INDEX "gift_card_sales_order_idx" ON "gift_card_sales" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_card_sales_buyer_idx" ON "gift_card_sales" USING btree ("buyer_id");