CREATE TABLE "email_unsubscribes" (
	"email" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_unsubscribes_email_list_pk" PRIMARY KEY("email","list")
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "list" text;