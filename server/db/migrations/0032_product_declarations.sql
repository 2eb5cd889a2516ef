ALTER TABLE "product_sizes" ADD COLUMN "net_quantity_ml" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "generic_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_role" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_before" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "consumer_care" text;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_net_quantity_positive" CHECK ("product_sizes"."net_quantity_ml" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_maker_role" CHECK ("products"."maker_role" in ('manufacturer', 'packer', 'importer'));