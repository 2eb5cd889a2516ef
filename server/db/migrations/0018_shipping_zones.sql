CREATE TABLE "shipping_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"pin_from" integer NOT NULL,
	"pin_to" integer NOT NULL,
	"zone" text NOT NULL,
	"delivery_days" integer,
	"cod_allowed" boolean DEFAULT false NOT NULL,
	"cod_fee_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_pin_range" CHECK ("shipping_zones"."pin_from" >= 100000 and "shipping_zones"."pin_from" <= "shipping_zones"."pin_to" and "shipping_zones"."pin_to" <= 999999),
	CONSTRAINT "shipping_zones_days_when_served" CHECK (("shipping_zones"."zone" = 'not-serviceable' and "shipping_zones"."delivery_days" is null and not "shipping_zones"."cod_allowed") or ("shipping_zones"."zone" <> 'not-serviceable' and "shipping_zones"."delivery_days" between 1 and 30)),
	CONSTRAINT "shipping_zones_cod_fee_range" CHECK ("shipping_zones"."cod_fee_paise" >= 0 and "shipping_zones"."cod_fee_paise" <= 100000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_zones_range_unique" ON "shipping_zones" USING btree ("pin_from","pin_to");--> statement-breakpoint
-- India's default, from the postal regions and circles of India Post's PIN system (the first digit is the
-- region, the first two or three the circle and sorting district): everything from 1 to 8 is served, Bengaluru
-- (where the studio is) is local, the large metros are quick, the North-east and Sikkim take longer and pay
-- online, and the islands and the army's field post offices are not reached yet.
INSERT INTO "shipping_zones" ("label", "pin_from", "pin_to", "zone", "delivery_days", "cod_allowed", "cod_fee_paise") VALUES
	('India (postal regions 1 to 8)', 100000, 899999, 'rest-of-india', 5, true, 4900),
	('Army and field post offices', 900000, 999999, 'not-serviceable', NULL, false, 0),
	('Bengaluru', 560000, 560999, 'local', 2, true, 2900),
	('Delhi', 110000, 110999, 'metro', 3, true, 4900),
	('Mumbai', 400000, 400999, 'metro', 3, true, 4900),
	('Kolkata', 700000, 700999, 'metro', 3, true, 4900),
	('Chennai', 600000, 600999, 'metro', 3, true, 4900),
	('Hyderabad', 500000, 500999, 'metro', 3, true, 4900),
	('Pune', 411000, 411999, 'metro', 3, true, 4900),
	('Ahmedabad', 380000, 380999, 'metro', 3, true, 4900),
	('Jammu, Kashmir and Ladakh', 180000, 199999, 'rest-of-india', 7, true, 4900),
	('Assam', 780000, 789999, 'north-east-and-islands', 7, false, 0),
	('Arunachal Pradesh, Meghalaya, Manipur, Mizoram, Nagaland, Tripura', 790000, 799999, 'north-east-and-islands', 7, false, 0),
	('Sikkim', 737000, 737999, 'north-east-and-islands', 7, false, 0),
	('Andaman and Nicobar Islands', 744000, 744999, 'not-serviceable', NULL, false, 0),
	('Lakshadweep', 682551, 682559, 'not-serviceable', NULL, false, 0);
--> statement-breakpoint
INSERT INTO "shipping_holidays" ("day", "name") VALUES
	('2026-01-26', 'Republic Day'),
	('2026-08-15', 'Independence Day'),
	('2026-10-02', 'Gandhi Jayanti'),
	('2026-12-25', 'Christmas'),
	('2027-01-26', 'Republic Day'),
	('2027-08-15', 'Independence Day'),
	('2027-10-02', 'Gandhi Jayanti'),
	('2027-12-25', 'Christmas');
