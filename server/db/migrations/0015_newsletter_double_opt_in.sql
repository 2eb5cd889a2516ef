ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
-- Addresses that joined before double opt-in signed up on the old single-step form; they stay subscribed.
UPDATE "newsletter_subscribers" SET "confirmed_at" = "created_at";