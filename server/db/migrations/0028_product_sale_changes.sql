-- Paying for a checkout no longer writes to the product's row: units held for live checkouts are read from the
-- checkouts themselves (products.held goes), and sales are appended to product_sale_changes, which a job folds
-- into products.sales every minute. A best seller's orders so stop queuing on its row until their commits.
CREATE TABLE "product_sale_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_held_non_negative";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "held";