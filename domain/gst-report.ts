/**
 * The month's GST figures as a return (GSTR-1) asks for them from a shop that sells to consumers: B2C supplies
 * by place of supply and rate, an HSN summary, the credit notes issued in the month, and the range of invoice
 * numbers. Credit notes count in the month they are issued, netted against that month's supplies. Built only
 * from the split each invoice and credit note stored when it was issued, so its figures equal theirs exactly.
 */
import { stateByCode } from './india-states.ts';
import { toCsv } from './csv.ts';
import { shopDate } from './orders.ts';

export interface TaxFigures {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface ReportInvoiceLine extends TaxFigures {
  invoiceNumber: string;
  placeOfSupply: string | null;
  hsnCode: string;
  rateBp: number;
  quantity: number;
}

export interface ReportCreditNote extends TaxFigures {
  number: string;
  issuedAt: Date;
  invoiceNumber: string;
  orderNumber: string;
  placeOfSupply: string | null;
  lines: (TaxFigures & { hsnCode: string; rateBp: number; quantity: number })[];
}

export interface GstMonthReport {
  month: string;
  b2c: (TaxFigures & { state: string; stateCode: string | null; rateBp: number })[];
  hsn: (TaxFigures & { hsnCode: string; rateBp: number; quantity: number })[];
  creditNotes: (TaxFigures & { number: string; issuedAt: Date; invoiceNumber: string; orderNumber: string; state: string; stateCode: string | null })[];
  invoices: { first: string | null; last: string | null; count: number };
  totals: TaxFigures;
}

const ZERO: TaxFigures = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

function add(into: TaxFigures, figures: TaxFigures, sign: 1 | -1): void {
  into.taxablePaise += sign * figures.taxablePaise;
  into.cgstPaise += sign * figures.cgstPaise;
  into.sgstPaise += sign * figures.sgstPaise;
  into.igstPaise += sign * figures.igstPaise;
}

const stateName = (code: string | null) => (code ? (stateByCode(code)?.name ?? code) : 'Unknown');

/** 'YYYY-MM' as a month this report can cover. */
export function isReportMonth(month: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && Number(match[1]) >= 2000;
}

export function gstMonthReport(month: string, invoiceLines: readonly ReportInvoiceLine[], creditNotes: readonly ReportCreditNote[]): GstMonthReport {
  const b2c = new Map<string, GstMonthReport['b2c'][number]>();
  const hsn = new Map<string, GstMonthReport['hsn'][number]>();
  const totals = { ...ZERO };
  const b2cRow = (code: string | null, rateBp: number) => {
    const key = `${code ?? ''}|${rateBp}`;
    let row = b2c.get(key);
    if (!row) b2c.set(key, (row = { state: stateName(code), stateCode: code, rateBp, ...ZERO }));
    return row;
  };
  const hsnRow = (hsnCode: string, rateBp: number) => {
    const key = `${hsnCode}|${rateBp}`;
    let row = hsn.get(key);
    if (!row) hsn.set(key, (row = { hsnCode, rateBp, quantity: 0, ...ZERO }));
    return row;
  };
  for (const line of invoiceLines) {
    add(b2cRow(line.placeOfSupply, line.rateBp), line, 1);
    const row = hsnRow(line.hsnCode, line.rateBp);
    add(row, line, 1);
    row.quantity += line.quantity;
    add(totals, line, 1);
  }
  for (const note of creditNotes) {
    for (const line of note.lines) {
      add(b2cRow(note.placeOfSupply, line.rateBp), line, -1);
      const row = hsnRow(line.hsnCode, line.rateBp);
      add(row, line, -1);
      row.quantity -= line.quantity;
      add(totals, line, -1);
    }
  }
  const numbers = [...new Set(invoiceLines.map((line) => line.invoiceNumber))].sort();
  return {
    month,
    b2c: [...b2c.values()].sort((a, b) => a.state.localeCompare(b.state) || a.rateBp - b.rateBp),
    hsn: [...hsn.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.rateBp - b.rateBp),
    creditNotes: creditNotes
      .map((note) => ({
        number: note.number,
        issuedAt: note.issuedAt,
        invoiceNumber: note.invoiceNumber,
        orderNumber: note.orderNumber,
        state: stateName(note.placeOfSupply),
        stateCode: note.placeOfSupply,
        taxablePaise: note.taxablePaise,
        cgstPaise: note.cgstPaise,
        sgstPaise: note.sgstPaise,
        igstPaise: note.igstPaise,
      }))
      .sort((a, b) => a.number.localeCompare(b.number)),
    invoices: { first: numbers[0] ?? null, last: numbers.at(-1) ?? null, count: numbers.length },
    totals,
  };
}

export const GST_REPORT_PARTS = ['b2c', 'hsn', 'credit-notes'] as const;
export type GstReportPart = (typeof GST_REPORT_PARTS)[number];

const rupees = (paise: number) => (paise / 100).toFixed(2);
const percent = (rateBp: number) => Number((rateBp / 100).toFixed(2));

/** One part of the report as CSV for the accountant: rupees with two decimals, rates in percent. */
export function gstReportCsv(report: GstMonthReport, part: GstReportPart): string {
  if (part === 'b2c') {
    return toCsv([
      ['Place of supply', 'State code', 'Rate (%)', 'Taxable value', 'CGST', 'SGST', 'IGST'],
      ...report.b2c.map((row) => [row.state, row.stateCode, percent(row.rateBp), rupees(row.taxablePaise), rupees(row.cgstPaise), rupees(row.sgstPaise), rupees(row.igstPaise)]),
    ]);
  }
  if (part === 'hsn') {
    return toCsv([
      ['HSN', 'UQC', 'Quantity', 'Rate (%)', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total tax'],
      ...report.hsn.map((row) => [
        row.hsnCode,
        'NOS',
        row.quantity,
        percent(row.rateBp),
        rupees(row.taxablePaise),
        rupees(row.cgstPaise),
        rupees(row.sgstPaise),
        rupees(row.igstPaise),
        rupees(row.cgstPaise + row.sgstPaise + row.igstPaise),
      ]),
    ]);
  }
  return toCsv([
    ['Credit note', 'Date', 'Against invoice', 'Order', 'Place of supply', 'State code', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'],
    ...report.creditNotes.map((note) => [
      note.number,
      shopDate(note.issuedAt),
      note.invoiceNumber,
      note.orderNumber,
      note.state,
      note.stateCode,
      rupees(note.taxablePaise),
      rupees(note.cgstPaise),
      rupees(note.sgstPaise),
      rupees(note.igstPaise),
      rupees(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise),
    ]),
  ]);
}
