ALTER TABLE "product_sizes" ADD COLUMN "net_quantity_ml" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "generic_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_role" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_address" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_before" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "consumer_care" text;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_net_quantity_positive" CHECK ("product_sizes"."net_quantity_ml" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_maker_role" CHECK ("products"."maker_role" in ('manufacturer', 'packer', 'importer'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "ticket_number" text;--> statement-breakpoint
UPDATE "contact_messages" SET "ticket_number" = 'DP-' || upper(substr(md5("id"::text || random()::text), 1, 4)) || '-' || upper(substr(md5("id"::text || random()::text), 1, 4));--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "ticket_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "contact_messages" SET "status" = 'resolved', "status_changed_at" = "handled_at" WHERE "handled_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_messages_ticket_unique" ON "contact_messages" USING btree ("ticket_number");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_status" CHECK ("contact_messages"."status" in ('open', 'in_progress', 'resolved'));
