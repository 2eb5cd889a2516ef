import { and, asc, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { GstReportResponse } from '../../../contracts/gst-report.ts';
import { DEFAULT_HSN, supplyKind } from '../../../domain/gst.ts';
import { gstMonthReport, type GstMonthReport, type ReportInvoice, type ReportInvoiceWithLines, type ReportLine } from '../../../domain/gst-report.ts';
import { gstReportCsv, type GstReportPart } from '../../../domain/gstr1-csv.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { shopMidnight } from '../../../domain/reporting-periods.ts';
import type { Database } from '../../db/client.ts';
import { creditNotes, orderItems, orders } from '../../db/schema/index.ts';
import { creditedUnits, invoicedLineOf } from './invoiced-lines.ts';

type OrderItemRow = typeof orderItems.$inferSelect;
const invoiceColumns = {
  id: orders.id,
  number: orders.invoiceNumber,
  issuedAt: orders.invoiceDate,
  placeOfSupply: orders.placeOfSupply,
  seller: orders.invoiceSeller,
  buyerGstin: orders.buyerGstin,
  buyerLegalName: orders.buyerLegalName,
  totalPaise: orders.totalPaise,
};
type InvoiceRow = { [Key in keyof typeof invoiceColumns]: (typeof invoiceColumns)[Key]['_']['data'] | null };

/** The monthly GST report, read from the invoices and credit notes issued in the month (India's calendar). */
export class GstReports {
  constructor(private readonly db: Database) {}

  async month(month: string): Promise<GstMonthReport> {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const start = shopMidnight(`${month}-01`);
    const end = shopMidnight(number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`);
    const invoiced = await this.db
      .select(invoiceColumns)
      .from(orders)
      .where(and(isNotNull(orders.invoiceNumber), gte(orders.invoiceDate, start), lt(orders.invoiceDate, end)))
      .orderBy(asc(orders.invoiceNumber));
    const notes = await this.db
      .select({ note: creditNotes, orderNumber: orders.orderNumber, invoice: invoiceColumns })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .where(and(gte(creditNotes.issuedAt, start), lt(creditNotes.issuedAt, end)));
    // The invoices' lines, and those of the invoices the month's notes adjust (for older notes' units).
    const orderIds = [...new Set([...invoiced.map((row) => row.id), ...notes.map((row) => row.invoice.id)])];
    const items = orderIds.length ? await this.db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)) : [];
    const linesOf = new Map<string, OrderItemRow[]>();
    for (const item of items) {
      const lines = linesOf.get(item.orderId);
      if (lines) lines.push(item);
      else linesOf.set(item.orderId, [item]);
    }

    const invoices: ReportInvoiceWithLines[] = invoiced.map((row) => ({ ...invoiceOf(row), lines: (linesOf.get(row.id) ?? []).map(reportLineOf) }));
    return gstMonthReport(
      month,
      invoices,
      notes.map(({ note, orderNumber, invoice }) => ({
        number: note.number,
        issuedAt: note.issuedAt,
        orderNumber,
        amountPaise: note.amountPaise,
        taxablePaise: note.taxablePaise,
        cgstPaise: note.cgstPaise,
        sgstPaise: note.sgstPaise,
        igstPaise: note.igstPaise,
        invoice: invoiceOf(invoice),
        lines: note.lines.map((line) => ({ ...line, rateBp: line.gstRateBp, quantity: creditedUnits(line, linesOf.get(invoice.id) ?? []) })),
      })),
    );
  }

  async json(month: string): Promise<GstReportResponse> {
    return toResponse(await this.month(month));
  }

  async csv(month: string, part: GstReportPart): Promise<string> {
    return gstReportCsv(await this.month(month), part);
  }
}

function invoiceOf(row: InvoiceRow): ReportInvoice {
  const buyer = row.buyerGstin ? { gstin: row.buyerGstin, name: row.buyerLegalName ?? '' } : null;
  const interState = supplyKind(row.seller?.stateCode ?? '', row.placeOfSupply) === 'inter-state';
  return { number: row.number ?? '', issuedAt: row.issuedAt ?? new Date(0), placeOfSupply: row.placeOfSupply, interState, buyer, valuePaise: row.totalPaise ?? 0 };
}

function reportLineOf(item: OrderItemRow): ReportLine {
  return { hsnCode: item.hsnCode ?? DEFAULT_HSN, ...invoicedLineOf(item) };
}

function figuresOf(row: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }) {
  return { taxableValue: paiseToRupees(row.taxablePaise), cgst: paiseToRupees(row.cgstPaise), sgst: paiseToRupees(row.sgstPaise), igst: paiseToRupees(row.igstPaise) };
}

function toResponse(report: GstMonthReport): GstReportResponse {
  return {
    success: true,
    month: report.month,
    b2c: report.b2c.map((row) => ({ state: row.state, stateCode: row.stateCode, rate: row.rateBp / 100, ...figuresOf(row) })),
    b2b: report.gstr1.b2b.map((row) => ({ gstin: row.gstin, name: row.name, invoiceNumber: row.invoiceNumber, date: row.issuedAt.toISOString(), rate: row.rateBp / 100, ...figuresOf(row) })),
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
    creditNoteNumbers: report.creditNoteNumbers,
    totals: figuresOf(report.totals),
  };
}
