import { z } from 'zod';
import { text } from './fields.ts';
import { isReportMonth } from '../domain/gst-report.ts';
import { GST_REPORT_PARTS } from '../domain/gstr1-csv.ts';

export const gstReportQuerySchema = z.object({
  month: text({ error: 'month is required, as YYYY-MM' })
    .trim()
    .refine(isReportMonth, { error: 'month must be a month as YYYY-MM, such as 2026-11' }),
});

export const gstReportCsvParamsSchema = z.object({
  part: z.enum(GST_REPORT_PARTS, { error: `part must be one of ${GST_REPORT_PARTS.join(', ')}` }),
});

const figures = { taxableValue: z.number(), cgst: z.number(), sgst: z.number(), igst: z.number() };

/** Rupees with two decimals, rates in percent. */
export const gstReportResponseSchema = z.object({
  success: z.literal(true),
  month: text(),
  b2c: z.array(z.object({ state: text(), stateCode: text().nullable(), rate: z.number(), ...figures })),
  /** Supplies to registered buyers, by invoice and rate. */
  b2b: z.array(z.object({ gstin: text(), name: text(), invoiceNumber: text(), date: text(), rate: z.number(), ...figures })),
  hsn: z.array(z.object({ hsnCode: text(), quantity: z.number().int(), rate: z.number(), ...figures })),
  creditNotes: z.array(z.object({ number: text(), date: text(), invoiceNumber: text(), orderNumber: text(), state: text(), stateCode: text().nullable(), ...figures })),
  invoices: z.object({ first: text().nullable(), last: text().nullable(), count: z.number().int() }),
  creditNoteNumbers: z.object({ first: text().nullable(), last: text().nullable(), count: z.number().int() }),
  totals: z.object(figures),
});
export type GstReportResponse = z.infer<typeof gstReportResponseSchema>;
