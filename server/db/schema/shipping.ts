import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SHIPPING_ZONES } from '../../../domain/delivery-promise.ts';

/**
 * Where the shop delivers: a range of PIN codes (a postal prefix or from–to), the kind of zone it is, how many
 * delivery days it takes and its cash-on-delivery terms. Ranges nest or stay apart (checked by the service), and
 * the narrowest range holding a PIN speaks for it. A migration seeds India's default.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    id: serial('id').primaryKey(),
    /** What the range is, for the admin: 'Bengaluru', 'Assam', 'Army and field post offices'. */
    label: text('label').notNull(),
    pinFrom: integer('pin_from').notNull(),
    pinTo: integer('pin_to').notNull(),
    zone: text('zone', { enum: SHIPPING_ZONES }).notNull(),
    /** Delivery days (Monday to Saturday, holidays skipped) after the order day; null where the shop does not deliver. */
    deliveryDays: integer('delivery_days'),
    codAllowed: boolean('cod_allowed').notNull().default(false),
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipping_zones_range_unique').on(table.pinFrom, table.pinTo),
    check('shipping_zones_pin_range', sql`${table.pinFrom} >= 100000 and ${table.pinFrom} <= ${table.pinTo} and ${table.pinTo} <= 999999`),
    check(
      'shipping_zones_days_when_served',
      sql`(${table.zone} = 'not-serviceable' and ${table.deliveryDays} is null and not ${table.codAllowed}) or (${table.zone} <> 'not-serviceable' and ${table.deliveryDays} between 1 and 30)`,
    ),
    check('shipping_zones_cod_fee_range', sql`${table.codFeePaise} >= 0 and ${table.codFeePaise} <= 100000`),
  ],
);

/** Days no courier delivers (national holidays, a strike): delivery dates skip them as they skip Sundays. */
export const shippingHolidays = pgTable('shipping_holidays', {
  day: date('day', { mode: 'string' }).primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
