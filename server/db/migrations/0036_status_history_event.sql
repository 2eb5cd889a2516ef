ALTER TABLE "order_status_history" ADD COLUMN "event" text;--> statement-breakpoint
-- Entries written before the column name their event only in their note: those notes are the lifecycle's own
-- fixed wording, so each is given its event back and reads under its own heading too.
UPDATE "order_status_history" SET "event" = CASE
  WHEN "note" = 'Payment received' THEN 'paid'
  WHEN "note" LIKE 'Return of % requested%' THEN 'return-requested'
  WHEN "note" LIKE 'Your return for order % is approved.%' THEN 'return-approved'
  WHEN "note" LIKE 'Your return for order % was not accepted:%' THEN 'return-rejected'
  WHEN "note" LIKE 'We received your return for order %' THEN 'return-received'
  WHEN "note" LIKE 'Refunded %' THEN 'refund-succeeded'
  WHEN "note" LIKE 'Refund % was declined: %' THEN 'refund-declined'
  WHEN "note" LIKE 'Refund of % due, to be transferred%' THEN 'refund-owed'
  WHEN "note" LIKE 'Refund % failed: %' THEN 'refund-failed'
  WHEN "note" LIKE 'Placed for cash on delivery%' THEN 'cod-placed'
  WHEN "note" = 'Confirmed by the customer for cash on delivery' THEN 'cod-confirmed'
  WHEN "note" = 'Cash collected on delivery' THEN 'cod-collected'
  WHEN "note" LIKE 'Returned to origin%' THEN 'cod-returned-to-origin'
END
WHERE "event" IS NULL AND "note" IS NOT NULL;
