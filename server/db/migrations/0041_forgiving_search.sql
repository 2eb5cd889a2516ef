CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"words" text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_synonyms_two_words" CHECK (cardinality("search_synonyms"."words") >= 2)
);
--> statement-breakpoint
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
