CREATE TABLE "courier_serviceability" (
	"pincode" text PRIMARY KEY NOT NULL,
	"serviceable" integer NOT NULL,
	"delivery_days" integer,
	"cod_available" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_serviceability_pin" CHECK ("courier_serviceability"."pincode" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "courier_sessions" (
	"provider" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"status" text,
	"courier_status" text NOT NULL,
	"activity" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"event_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"lines" jsonb NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"courier_name" text,
	"courier_id" integer,
	"awb" text,
	"tracking_url" text,
	"label_url" text,
	"manifest_url" text,
	"pickup_scheduled_for" text,
	"booking_state" text DEFAULT 'idle' NOT NULL,
	"booking_error" text,
	"booking_attempts" integer DEFAULT 0 NOT NULL,
	"ndr_reason" text,
	"ndr_attempts" integer DEFAULT 0 NOT NULL,
	"ndr_action" text,
	"ndr_action_at" timestamp with time zone,
	"last_event_at" timestamp with time zone,
	"last_courier_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_weight_positive" CHECK ("shipments"."weight_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_dedupe" ON "shipment_events" USING btree ("shipment_id","courier_status","event_at");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","event_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_unique" ON "shipments" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_unique" ON "shipments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","last_event_at");