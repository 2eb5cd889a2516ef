import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ABANDONMENT_CAUSES,
  REMINDER_STEPS,
} from "../../../domain/cart-recovery.ts";
import { users } from "./accounts.ts";
import { orders } from "./orders.ts";

/** One line of a kept cart: the product, its size and how many (prices are always today's, read when shown). */
export interface KeptCartLine {
  productId: number;
  size: string;
  quantity: number;
}

/**
 * A signed-in shopper's cart, kept on the server beside the browser's copy (which stays the fast path): it
 * follows the shopper to another device and tells the recovery job what was left behind (docs/decisions/0070).
 */
export const savedCarts = pgTable(
  "saved_carts",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    lines: jsonb("lines").$type<KeptCartLine[]>().notNull().default([]),
    /** Units in all: the job looks for carts with items without reading the lines. */
    itemCount: integer("item_count").notNull().default(0),
    /** When the shopper last changed the cart: an abandonment is measured from here. */
    touchedAt: timestamp("touched_at", { withTimezone: true })
      .notNull()
      .defaultNow(),
  },
  // The job's every-minute look for carts left with items reads only those.
  (table) => [
    index("saved_carts_left_idx")
      .on(table.touchedAt)
      .where(sql`${table.itemCount} > 0`),
  ],
);

/**
 * One reminder e-mail about one abandonment (its anchor: when the cart or payment order was left). It carries the
 * hash of its restore link's token and the lines the link restores, when the link was first opened and, once the
 * shopper buys after opening it, the order it brought back.
 */
export const cartReminders = pgTable(
  "cart_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    step: text("step", { enum: REMINDER_STEPS }).notNull(),
    cause: text("cause", { enum: ABANDONMENT_CAUSES }).notNull(),
    anchorAt: timestamp("anchor_at", { withTimezone: true }).notNull(),
    /** SHA-256 of the restore link's token, hex: the link itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull(),
    lines: jsonb("lines").$type<KeptCartLine[]>().notNull(),
    /** The promotion code the reminder offered, when the settings chose one. */
    promotionCode: text("promotion_code"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    recoveredOrderId: uuid("recovered_order_id").references(() => orders.id, {
      onDelete: "set null",
    }),
    recoveredAt: timestamp("recovered_at", { withTimezone: true }),
  },
  (table) => [
    // One reminder per step and abandonment, however many job runs or processes look at once.
    uniqueIndex("cart_reminders_once").on(
      table.userId,
      table.anchorAt,
      table.step,
    ),
    uniqueIndex("cart_reminders_token").on(table.tokenHash),
    uniqueIndex("cart_reminders_order").on(table.recoveredOrderId),
    index("cart_reminders_sent_idx").on(table.sentAt),
    index("cart_reminders_awaiting_order_idx")
      .on(table.openedAt)
      .where(
        sql`${table.recoveredOrderId} is null and ${table.openedAt} is not null`,
      ),
  ],
);
