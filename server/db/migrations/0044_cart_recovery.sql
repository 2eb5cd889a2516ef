CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"step" text NOT NULL,
	"cause" text NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"lines" jsonb NOT NULL,
	"promotion_code" text,
	"sent_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"recovered_order_id" uuid,
	"recovered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_carts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_carts" ADD CONSTRAINT "saved_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_once" ON "cart_reminders" USING btree ("user_id","anchor_at","step");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_token" ON "cart_reminders" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_order" ON "cart_reminders" USING btree ("recovered_order_id");--> statement-breakpoint
CREATE INDEX "cart_reminders_sent_idx" ON "cart_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "cart_reminders_awaiting_order_idx" ON "cart_reminders" USING btree ("opened_at") WHERE "cart_reminders"."recovered_order_id" is null and "cart_reminders"."opened_at" is not null;--> statement-breakpoint
CREATE INDEX "saved_carts_left_idx" ON "saved_carts" USING btree ("touched_at") WHERE "saved_carts"."item_count" > 0;