-- Messages a visitor can make the shop send to an address they typed are capped per mailbox and day; those over
-- the cap stay in the outbox as 'withheld', and /metrics counts them by template through this partial index.
CREATE INDEX "email_messages_withheld_idx" ON "email_messages" USING btree ("template") WHERE "email_messages"."status" = 'withheld';
