CREATE TABLE "festivals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"festival_code" text,
	"coupon_type" text DEFAULT 'percentage' NOT NULL,
	"discount_value" integer DEFAULT 0 NOT NULL,
	"max_discount_paise" integer,
	"minimum_order_paise" integer DEFAULT 0 NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"banner_image" text,
	"background_color" text DEFAULT '#1a1a1a' NOT NULL,
	"text_color" text DEFAULT '#ffffff' NOT NULL,
	"cta_text" text DEFAULT 'Shop Now' NOT NULL,
	"cta_link" text DEFAULT '/products' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "festivals_dates_ordered" CHECK ("festivals"."end_date" > "festivals"."start_date"),
	CONSTRAINT "festivals_priority_range" CHECK ("festivals"."priority" between 1 and 10),
	CONSTRAINT "festivals_discount_non_negative" CHECK ("festivals"."discount_value" >= 0),
	CONSTRAINT "festivals_percentage_at_most_100" CHECK ("festivals"."coupon_type" <> 'percentage' or "festivals"."discount_value" <= 10000),
	CONSTRAINT "festivals_minimum_non_negative" CHECK ("festivals"."minimum_order_paise" >= 0),
	CONSTRAINT "festivals_usage_limit_positive" CHECK ("festivals"."usage_limit" is null or "festivals"."usage_limit" >= 1),
	CONSTRAINT "festivals_used_within_limit" CHECK ("festivals"."usage_limit" is null or "festivals"."used_count" <= "festivals"."usage_limit"),
	CONSTRAINT "festivals_code_upper" CHECK ("festivals"."festival_code" is null or "festivals"."festival_code" = upper("festivals"."festival_code"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "festivals_code_unique" ON "festivals" USING btree ("festival_code");--> statement-breakpoint
CREATE INDEX "festivals_live_idx" ON "festivals" USING btree ("is_active","start_date","end_date");