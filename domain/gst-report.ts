/**
 * The month's GST figures as a return (GSTR-1) asks for them, built only from the split each invoice and credit
 * note stored when it was issued, so its figures equal theirs exactly. Credit notes count in the month they are
 * issued.
 *
 * Which table a supply belongs in (GSTR-1, and the CGST Rules' rule 59(4)):
 * - to a registered buyer (an invoice naming the buyer's GSTIN): B2B, invoice by invoice (table 4A), and its
 *   credit notes in CDNR (table 9B);
 * - to an unregistered buyer in another state, invoice value above ₹1,00,000: B2C large, invoice by invoice
 *   (table 5; the limit was ₹2,50,000 until Notification 12/2024–Central Tax lowered it from 1 August 2024), and
 *   its credit notes in CDNUR as 'B2CL';
 * - every other supply to an unregistered buyer: B2C small, by place of supply and rate (table 7), with its credit
 *   notes netted in the same rows, as the return asks.
 * The HSN summary (table 12) is split into B2B and B2C as the return has asked since 2025, net of the month's
 * credit notes in units, value and tax. Table 13 lists each series' first and last number of the month.
 */
import { stateByCode } from './india-states.ts';

export interface TaxFigures {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** One line of an invoice or credit note, as stored: its HSN, rate, units and split. */
export interface ReportLine extends TaxFigures {
  hsnCode: string;
  rateBp: number;
  quantity: number;
}

/** A registered buyer, as the invoice names them. */
export interface ReportBuyer {
  gstin: string;
  name: string;
}

/** An invoice as the return reads it: who it was to, where, and its whole value (what the buyer was charged). */
export interface ReportInvoice {
  number: string;
  issuedAt: Date;
  placeOfSupply: string | null;
  interState: boolean;
  buyer: ReportBuyer | null;
  valuePaise: number;
}

export interface ReportInvoiceWithLines extends ReportInvoice {
  lines: ReportLine[];
}

export interface ReportCreditNote extends TaxFigures {
  number: string;
  issuedAt: Date;
  orderNumber: string;
  amountPaise: number;
  /** The invoice the note adjusts: its table decides the note's. */
  invoice: ReportInvoice;
  lines: ReportLine[];
}

export type SupplySection = 'b2b' | 'b2cl' | 'b2cs';

/** Invoice value above which an inter-state supply to an unregistered buyer is reported invoice by invoice. */
export const B2CL_LIMIT_PAISE = 1_00_000_00;

export function sectionOf(invoice: Pick<ReportInvoice, 'buyer' | 'interState' | 'valuePaise'>): SupplySection {
  if (invoice.buyer) return 'b2b';
  return invoice.interState && invoice.valuePaise > B2CL_LIMIT_PAISE ? 'b2cl' : 'b2cs';
}

type RateRow = TaxFigures & { rateBp: number };
export type B2bRow = RateRow & { gstin: string; name: string; invoiceNumber: string; issuedAt: Date; valuePaise: number; placeOfSupply: string | null };
export type B2clRow = RateRow & { invoiceNumber: string; issuedAt: Date; valuePaise: number; placeOfSupply: string | null };
export type B2csRow = RateRow & { placeOfSupply: string | null };
export type CdnrRow = RateRow & { gstin: string; name: string; noteNumber: string; issuedAt: Date; valuePaise: number; placeOfSupply: string | null };
export type CdnurRow = RateRow & { noteNumber: string; issuedAt: Date; valuePaise: number; placeOfSupply: string | null };
export type HsnRow = TaxFigures & { hsnCode: string; rateBp: number; quantity: number };
export interface DocumentRange {
  first: string | null;
  last: string | null;
  count: number;
}

export interface GstMonthReport {
  month: string;
  /** Supplies to unregistered buyers by place of supply and rate, net of their credit notes (B2C large and small). */
  b2c: (TaxFigures & { state: string; stateCode: string | null; rateBp: number })[];
  /** Table 12, B2B and B2C together. */
  hsn: HsnRow[];
  creditNotes: (TaxFigures & { number: string; issuedAt: Date; invoiceNumber: string; orderNumber: string; state: string; stateCode: string | null; section: SupplySection })[];
  invoices: DocumentRange;
  creditNoteNumbers: DocumentRange;
  totals: TaxFigures;
  gstr1: { b2b: B2bRow[]; b2cl: B2clRow[]; b2cs: B2csRow[]; cdnr: CdnrRow[]; cdnur: CdnurRow[]; hsnB2b: HsnRow[]; hsnB2c: HsnRow[] };
}

const ZERO: TaxFigures = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };

function add(into: TaxFigures, figures: TaxFigures, sign: 1 | -1): void {
  into.taxablePaise += sign * figures.taxablePaise;
  into.cgstPaise += sign * figures.cgstPaise;
  into.sgstPaise += sign * figures.sgstPaise;
  into.igstPaise += sign * figures.igstPaise;
}

export const stateName = (code: string | null) => (code ? (stateByCode(code)?.name ?? code) : 'Unknown');

/** 'YYYY-MM' as a month this report can cover. */
export function isReportMonth(month: string): boolean {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12 && Number(match[1]) >= 2000;
}

/** Rows kept by key, made on first use. */
class Rows<Row> {
  private readonly rows = new Map<string, Row>();
  constructor(private readonly make: () => Row) {}
  at(...key: (string | number | null)[]): Row {
    const id = JSON.stringify(key);
    let row = this.rows.get(id);
    if (!row) this.rows.set(id, (row = this.make()));
    return row;
  }
  values(): Row[] {
    return [...this.rows.values()];
  }
}

/** The lines of a document summed by rate (a return lists an invoice or note once per rate). */
function byRate(lines: readonly ReportLine[]): RateRow[] {
  const rows = new Rows<RateRow>(() => ({ rateBp: 0, ...ZERO }));
  for (const line of lines) {
    const row = rows.at(line.rateBp);
    row.rateBp = line.rateBp;
    add(row, line, 1);
  }
  return rows.values().sort((a, b) => a.rateBp - b.rateBp);
}

function range(numbers: readonly string[]): DocumentRange {
  const sorted = [...new Set(numbers)].sort();
  return { first: sorted[0] ?? null, last: sorted.at(-1) ?? null, count: sorted.length };
}

export function gstMonthReport(month: string, invoices: readonly ReportInvoiceWithLines[], creditNotes: readonly ReportCreditNote[]): GstMonthReport {
  const b2c = new Rows(() => ({ state: '', stateCode: null as string | null, rateBp: 0, ...ZERO }));
  const b2cs = new Rows(() => ({ placeOfSupply: null as string | null, rateBp: 0, ...ZERO }));
  const hsnOf = { b2b: new Rows<HsnRow>(() => ({ hsnCode: '', rateBp: 0, quantity: 0, ...ZERO })), b2c: new Rows<HsnRow>(() => ({ hsnCode: '', rateBp: 0, quantity: 0, ...ZERO })) };
  const hsn = new Rows<HsnRow>(() => ({ hsnCode: '', rateBp: 0, quantity: 0, ...ZERO }));
  const totals = { ...ZERO };
  const b2b: B2bRow[] = [];
  const b2cl: B2clRow[] = [];
  const cdnr: CdnrRow[] = [];
  const cdnur: CdnurRow[] = [];

  const count = (invoice: ReportInvoice, lines: readonly ReportLine[], sign: 1 | -1) => {
    const section = sectionOf(invoice);
    for (const line of lines) {
      if (section !== 'b2b') {
        const row = b2c.at(invoice.placeOfSupply, line.rateBp);
        Object.assign(row, { state: stateName(invoice.placeOfSupply), stateCode: invoice.placeOfSupply, rateBp: line.rateBp });
        add(row, line, sign);
      }
      if (section === 'b2cs') {
        const row = b2cs.at(invoice.placeOfSupply, line.rateBp);
        Object.assign(row, { placeOfSupply: invoice.placeOfSupply, rateBp: line.rateBp });
        add(row, line, sign);
      }
      for (const row of [hsn.at(line.hsnCode, line.rateBp), hsnOf[section === 'b2b' ? 'b2b' : 'b2c'].at(line.hsnCode, line.rateBp)]) {
        Object.assign(row, { hsnCode: line.hsnCode, rateBp: line.rateBp });
        row.quantity += sign * line.quantity;
        add(row, line, sign);
      }
      add(totals, line, sign);
    }
  };

  for (const invoice of invoices) {
    count(invoice, invoice.lines, 1);
    const section = sectionOf(invoice);
    const head = { invoiceNumber: invoice.number, issuedAt: invoice.issuedAt, valuePaise: invoice.valuePaise, placeOfSupply: invoice.placeOfSupply };
    for (const rate of byRate(invoice.lines)) {
      if (section === 'b2b') b2b.push({ gstin: invoice.buyer!.gstin, name: invoice.buyer!.name, ...head, ...rate });
      else if (section === 'b2cl') b2cl.push({ ...head, ...rate });
    }
  }
  for (const note of creditNotes) {
    count(note.invoice, note.lines, -1);
    const section = sectionOf(note.invoice);
    const head = { noteNumber: note.number, issuedAt: note.issuedAt, valuePaise: note.amountPaise, placeOfSupply: note.invoice.placeOfSupply };
    for (const rate of byRate(note.lines)) {
      if (section === 'b2b') cdnr.push({ gstin: note.invoice.buyer!.gstin, name: note.invoice.buyer!.name, ...head, ...rate });
      else if (section === 'b2cl') cdnur.push({ ...head, ...rate });
    }
  }

  // A row that nets to nothing (all of it credited in the month) is left out: the return has nothing to say of it.
  const nonZero = <Row extends TaxFigures & { quantity?: number }>(row: Row) => row.taxablePaise !== 0 || row.cgstPaise !== 0 || row.sgstPaise !== 0 || row.igstPaise !== 0 || (row.quantity ?? 0) !== 0;
  const byPlaceAndRate = <Row extends { rateBp: number }>(place: (row: Row) => string) => (a: Row, b: Row) => place(a).localeCompare(place(b)) || a.rateBp - b.rateBp;
  const byHsn = (a: HsnRow, b: HsnRow) => a.hsnCode.localeCompare(b.hsnCode) || a.rateBp - b.rateBp;
  const byDocument = <Row extends { rateBp: number }>(number: (row: Row) => string) => (a: Row, b: Row) => number(a).localeCompare(number(b)) || a.rateBp - b.rateBp;
  return {
    month,
    b2c: b2c.values().filter(nonZero).sort(byPlaceAndRate((row) => row.state)),
    hsn: hsn.values().filter(nonZero).sort(byHsn),
    creditNotes: creditNotes
      .map((note) => ({
        number: note.number,
        issuedAt: note.issuedAt,
        invoiceNumber: note.invoice.number,
        orderNumber: note.orderNumber,
        state: stateName(note.invoice.placeOfSupply),
        stateCode: note.invoice.placeOfSupply,
        section: sectionOf(note.invoice),
        taxablePaise: note.taxablePaise,
        cgstPaise: note.cgstPaise,
        sgstPaise: note.sgstPaise,
        igstPaise: note.igstPaise,
      }))
      .sort((a, b) => a.number.localeCompare(b.number)),
    invoices: range(invoices.map((invoice) => invoice.number)),
    creditNoteNumbers: range(creditNotes.map((note) => note.number)),
    totals,
    gstr1: {
      b2b: b2b.sort(byDocument((row) => row.invoiceNumber)),
      b2cl: b2cl.sort(byDocument((row) => row.invoiceNumber)),
      b2cs: b2cs.values().filter(nonZero).sort(byPlaceAndRate((row) => row.placeOfSupply ?? '')),
      cdnr: cdnr.sort(byDocument((row) => row.noteNumber)),
      cdnur: cdnur.sort(byDocument((row) => row.noteNumber)),
      hsnB2b: hsnOf.b2b.values().filter(nonZero).sort(byHsn),
      hsnB2c: hsnOf.b2c.values().filter(nonZero).sort(byHsn),
    },
  };
}
