import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { GstReportResponse } from '../../../contracts/gst-report.ts';
import { gstMonthReport, gstReportCsv, type GstMonthReport, type GstReportPart, type ReportCreditNote } from '../../../domain/gst-report.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { shopMidnight } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { creditNotes, orderItems, orders } from '../../db/schema/index.ts';
import { creditedUnits } from './invoiced-lines.ts';

/** The monthly GST report, read from the invoices and credit notes issued in the month (India's calendar). */
export class GstReports {
  constructor(private readonly db: Database) {}

  async month(month: string): Promise<GstMonthReport> {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const start = shopMidnight(`${month}-01`);
    const end = shopMidnight(number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`);
    const lines = await this.db
      .select({
        invoiceNumber: orders.invoiceNumber,
        placeOfSupply: orders.placeOfSupply,
        hsnCode: orderItems.hsnCode,
        rateBp: orderItems.gstRateBp,
        quantity: orderItems.quantity,
        taxablePaise: orderItems.taxablePaise,
        cgstPaise: orderItems.cgstPaise,
        sgstPaise: orderItems.sgstPaise,
        igstPaise: orderItems.igstPaise,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(isNotNull(orders.invoiceNumber), gte(orders.invoiceDate, start), lt(orders.invoiceDate, end)))
      .orderBy(asc(orders.invoiceNumber), asc(orderItems.id));
    const notes = await this.db
      .select({ note: creditNotes, orderNumber: orders.orderNumber, placeOfSupply: orders.placeOfSupply })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)));
    // Each note line's units, for the HSN summary's quantity (older notes named none: see `creditedUnits`).
    const itemIds = notes.flatMap(({ note }) => note.lines.map((line) => line.orderItemId));
    const items = itemIds.length ? await this.db.select().from(orderItems).where(inArray(orderItems.id, itemIds)) : [];
    const credit: ReportCreditNote[] = notes.map(({ note, orderNumber, placeOfSupply }) => ({
      number: note.number,
      issuedAt: note.issuedAt,
      invoiceNumber: note.invoiceNumber,
      orderNumber,
      placeOfSupply,
      taxablePaise: note.taxablePaise,
      cgstPaise: note.cgstPaise,
      sgstPaise: note.sgstPaise,
      igstPaise: note.igstPaise,
      lines: note.lines.map((line) => ({ ...line, rateBp: line.gstRateBp, quantity: creditedUnits(line, items) })),
    }));
    return gstMonthReport(
      month,
      lines.map((line) => ({
        invoiceNumber: line.invoiceNumber!,
        placeOfSupply: line.placeOfSupply,
        hsnCode: line.hsnCode ?? '3303',
        rateBp: line.rateBp ?? 0,
        quantity: line.quantity,
        taxablePaise: line.taxablePaise ?? 0,
        cgstPaise: line.cgstPaise ?? 0,
        sgstPaise: line.sgstPaise ?? 0,
        igstPaise: line.igstPaise ?? 0,
      })),
      credit,
    );
  }

  async json(month: string): Promise<GstReportResponse> {
    return toResponse(await this.month(month));
  }

  async csv(month: string, part: GstReportPart): Promise<string> {
    return gstReportCsv(await this.month(month), part);
  }
}

function figuresOf(row: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) {
  return { taxableValue: paiseToRupees(row.taxablePaise), cgst: paiseToRupees(row.cgstPaise), sgst: paiseToRupees(row.sgstPaise), igst: paiseToRupees(row.igstPaise) };
}

function toResponse(report: GstMonthReport): GstReportResponse {
  return {
    success: true,
    month: report.month,
    b2c: report.b2c.map((row) => ({ state: row.state, stateCode: row.stateCode, rate: row.rateBp / 100, ...figuresOf(row) })),
    hsn: report.hsn.map((row) => ({ hsnCode: row.hsnCode, quantity: row.quantity, rate: row.rateBp / 100, ...figuresOf(row) })),
    creditNotes: report.creditNotes.map((note) => ({
      number: note.number,
      date: note.issuedAt.toISOString(),
      invoiceNumber: note.invoiceNumber,
      orderNumber: note.orderNumber,
      state: note.state,
      stateCode: note.stateCode,
      ...figuresOf(note),
    })),
    invoices: report.invoices,
    totals: figuresOf(report.totals),
  };
}
