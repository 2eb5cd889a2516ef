CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_synonyms_two_words" CHECK (cardinality("search_synonyms"."words") >= 2)
);
--> statement-breakpoint
CREATE TABLE "cookie_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" uuid NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"notice_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_attributions" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"first_touch" jsonb NOT NULL,
	"last_touch" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_signals" (
	"checkout_id" uuid PRIMARY KEY NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"ga_client_id" text,
	"fbp" text,
	"fbc" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"first_source" text NOT NULL,
	"first_medium" text NOT NULL,
	"first_campaign" text,
	"first_at" timestamp with time zone NOT NULL,
	"last_source" text NOT NULL,
	"last_medium" text NOT NULL,
	"last_campaign" text,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_event_sends" (
	"order_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_event_sends_order_id_destination_pk" PRIMARY KEY("order_id","destination")
);
--> statement-breakpoint
ALTER TABLE "checkout_attributions" ADD CONSTRAINT "checkout_attributions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_signals" ADD CONSTRAINT "checkout_signals_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_event_sends" ADD CONSTRAINT "purchase_event_sends_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cookie_consents_visitor_idx" ON "cookie_consents" USING btree ("visitor_id","created_at");--> statement-breakpoint
-- Trigram similarity for search that forgives misspellings (decision record 0064). pg_trgm is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The same expression as products/forgiving-search.ts `searchText`, so the planner can use it.
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ((lower("name" || ' ' || regexp_replace("notes"::text, '"(top|heart|base)":', ' ', 'g'))) gin_trgm_ops);--> statement-breakpoint
INSERT INTO "search_synonyms" ("words", "position") VALUES
	('{attar,ittar,itr,ittr}', 1),
	('{sandalwood,sandal,chandan}', 2),
	('{oud,oudh,agarwood,aoud}', 3),
	('{vetiver,khus,khas}', 4),
	('{jasmine,mogra,chameli,"raat rani"}', 5),
	('{rose,gulab}', 6),
	('{saffron,kesar,zafran}', 7),
	('{musk,kasturi}', 8);
