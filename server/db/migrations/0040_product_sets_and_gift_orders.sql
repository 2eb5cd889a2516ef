CREATE TABLE "set_components" (
	"set_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"size" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "set_components_set_id_component_id_size_pk" PRIMARY KEY("set_id","component_id","size"),
	CONSTRAINT "set_components_quantity_positive" CHECK ("set_components"."quantity" >= 1),
	CONSTRAINT "set_components_not_itself" CHECK ("set_components"."set_id" <> "set_components"."component_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "components" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift" jsonb;--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_set_id_products_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "set_components" ADD CONSTRAINT "set_components_component_id_products_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "set_components_component_idx" ON "set_components" USING btree ("component_id");