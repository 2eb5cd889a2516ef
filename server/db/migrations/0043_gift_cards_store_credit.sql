CREATE TABLE "balance_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"code_last_four" text,
	"balance_paise" integer DEFAULT 0 NOT NULL,
	"initial_paise" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"expires_at" timestamp with time zone,
	"recipient_name" text,
	"recipient_email" text,
	"issued_by" uuid,
	"note" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_accounts_never_negative" CHECK ("balance_accounts"."balance_paise" >= 0),
	CONSTRAINT "balance_accounts_gift_card_has_code" CHECK ("balance_accounts"."kind" <> 'gift-card' or ("balance_accounts"."code_hash" is not null and "balance_accounts"."code_last_four" is not null and "balance_accounts"."expires_at" is not null)),
	CONSTRAINT "balance_accounts_store_credit_has_owner" CHECK ("balance_accounts"."kind" <> 'store-credit' or "balance_accounts"."user_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "balance_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"checkout_id" uuid,
	"order_id" uuid,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_entries_moves" CHECK ("balance_entries"."amount_paise" <> 0 and "balance_entries"."balance_after_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "balance_tenders" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" uuid NOT NULL,
	"order_id" uuid,
	"account_id" integer NOT NULL,
	"position" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"state" text DEFAULT 'taken' NOT NULL,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_tenders_amount" CHECK ("balance_tenders"."amount_paise" > 0 and "balance_tenders"."refunded_paise" >= 0 and "balance_tenders"."refunded_paise" <= "balance_tenders"."amount_paise")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "balances_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "balances_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "balance_accounts" ADD CONSTRAINT "balance_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_accounts" ADD CONSTRAINT "balance_accounts_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_account_id_balance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."balance_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_tenders" ADD CONSTRAINT "balance_tenders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_tenders" ADD CONSTRAINT "balance_tenders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_tenders" ADD CONSTRAINT "balance_tenders_account_id_balance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."balance_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_accounts_code_unique" ON "balance_accounts" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_accounts_store_credit_unique" ON "balance_accounts" USING btree ("user_id") WHERE "balance_accounts"."kind" = 'store-credit';--> statement-breakpoint
CREATE INDEX "balance_accounts_user_idx" ON "balance_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "balance_accounts_expiry_idx" ON "balance_accounts" USING btree ("expires_at") WHERE "balance_accounts"."kind" = 'gift-card' and "balance_accounts"."status" = 'active' and "balance_accounts"."balance_paise" > 0;--> statement-breakpoint
CREATE INDEX "balance_entries_account_idx" ON "balance_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_tenders_checkout_account_unique" ON "balance_tenders" USING btree ("checkout_id","account_id");--> statement-breakpoint
CREATE INDEX "balance_tenders_order_idx" ON "balance_tenders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "balance_tenders_account_idx" ON "balance_tenders" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_balances_range" CHECK ("checkouts"."balances_paise" >= 0 and "checkouts"."balances_paise" <= "checkouts"."amount_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_balances_range" CHECK ("orders"."balances_paise" >= 0 and "orders"."balances_paise" <= "orders"."total_paise");