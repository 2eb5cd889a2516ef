import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/** The seller as the invoice names it: kept with the invoice, so a later change of settings never rewrites it. */
export interface InvoiceSeller {
  legalName: string;
  /** Null for a demo shop without a registration: its documents are receipts. */
  gstin: string | null;
  /** The company's Corporate Identity Number, when it has one to print (absent on documents issued before). */
  cin?: string | null;
  address: string;
  stateCode: string;
}

/** One line of a credit note: what it gives back of an invoice line, split as that line was taxed. */
export interface CreditNoteLine {
  orderItemId: number;
  name: string;
  size: string;
  hsnCode: string;
  gstRateBp: number;
  /**
   * The units given back (a return's, or those still with the order when it is cancelled); 0 for a reduction of
   * value alone. Absent on notes issued before notes named their units (see `creditedUnits`).
   */
  quantity?: number;
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * A credit note, issued once per refund (the refund's id is unique here, so a retried refund finds it made),
 * in its own financial-year series, against the order's invoice.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    invoiceNumber: text('invoice_number').notNull(),
    refundId: text('refund_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
    lines: jsonb('lines').$type<CreditNoteLine[]>().notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
  },
  (table) => [
    uniqueIndex('credit_notes_number_unique').on(table.number),
    uniqueIndex('credit_notes_refund_unique').on(table.refundId),
    index('credit_notes_order_idx').on(table.orderId),
    index('credit_notes_issued_idx').on(table.issuedAt),
    check('credit_notes_adds_up', sql`${table.amountPaise} = ${table.taxablePaise} + ${table.cgstPaise} + ${table.sgstPaise} + ${table.igstPaise}`),
  ],
);

/**
 * The last number of each document series in each financial year. Issuing a document updates its row in the
 * transaction that makes the document, so the row stays locked until that transaction ends: numbers are handed
 * out one at a time, and one rolled back is handed out again, leaving no gap.
 */
export const documentSequences = pgTable(
  'document_sequences',
  {
    series: text('series', { enum: ['invoice', 'credit-note'] }).notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.series, table.financialYear] })],
);
