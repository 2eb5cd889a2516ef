import { relations } from 'drizzle-orm';
import { balanceEntries, balanceTenders } from './balances.ts';
import { categories, productSizes, products } from './catalogue.ts';
import { creditNotes } from './invoices.ts';
import { orderItems, orderStatusHistory, orders } from './orders.ts';
import { offlineRefunds } from './refunds.ts';
import { shipmentEvents, shipments } from './shipments.ts';

export const productRelations = relations(products, ({ many, one }) => ({
  sizes: many(productSizes),
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
}));

export const productSizeRelations = relations(productSizes, ({ one }) => ({
  product: one(products, { fields: [productSizes.productId], references: [products.id] }),
}));

export const orderRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
  history: many(orderStatusHistory),
  creditNotes: many(creditNotes),
  offlineRefunds: many(offlineRefunds),
  /** What the balances paid, and how much of each refunds have put back (`refunded_paise`). */
  balanceTenders: many(balanceTenders),
  /** The ledger's entries naming the order (read for its refunds: what went onto balances). */
  balanceEntries: many(balanceEntries),
}));

export const balanceTenderRelations = relations(balanceTenders, ({ one }) => ({
  order: one(orders, { fields: [balanceTenders.orderId], references: [orders.id] }),
}));

export const balanceEntryRelations = relations(balanceEntries, ({ one }) => ({
  order: one(orders, { fields: [balanceEntries.orderId], references: [orders.id] }),
}));

export const creditNoteRelations = relations(creditNotes, ({ one }) => ({
  order: one(orders, { fields: [creditNotes.orderId], references: [orders.id] }),
}));

export const offlineRefundRelations = relations(offlineRefunds, ({ one }) => ({
  order: one(orders, { fields: [offlineRefunds.orderId], references: [orders.id] }),
}));

export const orderItemRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));

export const shipmentRelations = relations(shipments, ({ many, one }) => ({
  events: many(shipmentEvents),
  order: one(orders, { fields: [shipments.orderId], references: [orders.id] }),
}));

export const shipmentEventRelations = relations(shipmentEvents, ({ one }) => ({
  shipment: one(shipments, { fields: [shipmentEvents.shipmentId], references: [shipments.id] }),
}));
