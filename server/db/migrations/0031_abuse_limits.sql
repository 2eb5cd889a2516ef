-- Limits on what one visitor can make the shop do. Messages a visitor can make the shop send to an address they
-- typed are capped per mailbox and day; those over the cap stay in the outbox as 'withheld', and /metrics counts
-- them by template through a partial index. Return photos wait in return_photo_uploads until a return request
-- claims them; an hourly job removes those still waiting after a day.
CREATE TABLE "return_photo_uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "return_photo_uploads" ADD CONSTRAINT "return_photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_photo_uploads_created_idx" ON "return_photo_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_messages_withheld_idx" ON "email_messages" USING btree ("template") WHERE "email_messages"."status" = 'withheld';