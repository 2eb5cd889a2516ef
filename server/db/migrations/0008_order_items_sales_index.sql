DROP INDEX "order_items_order_idx";--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","product_id","category_id","quantity","line_total_paise");