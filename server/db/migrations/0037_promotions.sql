CREATE TABLE "promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"checkout_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"state" text DEFAULT 'taken' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"actions" jsonb NOT NULL,
	"combinable" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates_ordered" CHECK ("promotions"."ends_at" is null or "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_priority_range" CHECK ("promotions"."priority" between 1 and 10),
	CONSTRAINT "promotions_usage_limit_positive" CHECK ("promotions"."usage_limit" is null or "promotions"."usage_limit" >= 1),
	CONSTRAINT "promotions_per_customer_limit_positive" CHECK ("promotions"."per_customer_limit" is null or "promotions"."per_customer_limit" >= 1),
	CONSTRAINT "promotions_used_within_limit" CHECK ("promotions"."usage_limit" is null or "promotions"."used_count" <= "promotions"."usage_limit"),
	CONSTRAINT "promotions_code_upper" CHECK ("promotions"."code" is null or "promotions"."code" = upper("promotions"."code")),
	CONSTRAINT "promotions_has_action" CHECK (jsonb_array_length("promotions"."actions") >= 1)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_checkout_unique" ON "promotion_uses" USING btree ("promotion_id","checkout_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_user_idx" ON "promotion_uses" USING btree ("user_id","promotion_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_checkout_idx" ON "promotion_uses" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_unique" ON "promotions" USING btree ("code");