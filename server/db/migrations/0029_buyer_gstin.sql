ALTER TABLE "checkouts" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "buyer_legal_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_legal_name" text;