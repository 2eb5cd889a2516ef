CREATE INDEX "balance_entries_order_refund_idx" ON "balance_entries" USING btree ("order_id") WHERE "balance_entries"."reason" = 'refund';
