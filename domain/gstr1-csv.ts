/**
 * The month's GST report as the files the GSTN's GSTR-1 offline tool imports ("Import Files" → CSV, one file per
 * section), so an accountant uploads them without editing. Headers are the tool's CSV templates character for
 * character; values are as the tool takes them: dates dd-MMM-yyyy, place of supply 'NN-State name' from its list,
 * rates in percent, amounts in rupees with two decimals, units of quantity code (UQC) from its list. The sections
 * and columns follow the GSTR-1 templates in use since the HSN summary was split into B2B and B2C (2025); see
 * docs/decisions/0034-tax-documents-to-the-line.md. The shop's own register of credit notes is a further file.
 */
import { hundredths, toCsv, type CsvValue } from './csv.ts';
import { stateByCode } from './india-states.ts';
import { shopDate } from './orders.ts';
import type { GstMonthReport, HsnRow } from './gst-report.ts';

export const GST_REPORT_PARTS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn-b2b', 'hsn-b2c', 'docs', 'credit-notes'] as const;
export type GstReportPart = (typeof GST_REPORT_PARTS)[number];

/** What each file is, as the back office names it. */
export const GST_REPORT_PART_LABELS: Record<GstReportPart, string> = {
  b2b: 'B2B invoices (4A)',
  b2cl: 'B2C large invoices (5)',
  b2cs: 'B2C small (7)',
  cdnr: 'Credit notes, registered (9B)',
  cdnur: 'Credit notes, unregistered (9B)',
  'hsn-b2b': 'HSN summary, B2B (12)',
  'hsn-b2c': 'HSN summary, B2C (12)',
  docs: 'Documents issued (13)',
  'credit-notes': 'Credit note register',
};

export const GSTR1_HEADERS = {
  b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
  b2cl: 'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  b2cs: 'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
  cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  cdnur: 'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
  'hsn-b2b': 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  'hsn-b2c': 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
  docs: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as the tool reads it, in India's calendar: '05-Nov-2026'. */
export function toolDate(at: Date): string {
  const [year, month, day] = shopDate(at).split('-');
  return `${day}-${MONTHS[Number(month) - 1]}-${year}`;
}

/** A place of supply as the tool lists it: '29-Karnataka'. */
export function toolPlace(code: string | null): string {
  const state = code ? stateByCode(code) : null;
  return state ? `${state.code}-${state.name}` : '';
}

/** 1800 basis points → 18; 25 → 0.25. */
const rate = (rateBp: number) => Number((rateBp / 100).toFixed(2));

/** Perfumes are counted by the bottle: the tool's unit 'NOS-NUMBERS'. */
export const UQC = 'NOS-NUMBERS';

/** The HSN's description as the tool's HSN master gives it, for the codes the shop sells under. */
function hsnDescription(hsnCode: string): string {
  return hsnCode.startsWith('3303') ? 'PERFUMES AND TOILET WATERS' : '';
}

function hsnRows(rows: readonly HsnRow[]): CsvValue[][] {
  return rows.map((row) => [
    row.hsnCode,
    hsnDescription(row.hsnCode),
    UQC,
    row.quantity,
    hundredths(row.taxablePaise + row.cgstPaise + row.sgstPaise + row.igstPaise),
    rate(row.rateBp),
    hundredths(row.taxablePaise),
    hundredths(row.igstPaise),
    hundredths(row.cgstPaise),
    hundredths(row.sgstPaise),
    '',
  ]);
}

/** One file of the month: the header line, then a row per invoice or note and rate, or per summary row. */
export function gstReportCsv(report: GstMonthReport, part: GstReportPart): string {
  const { gstr1 } = report;
  if (part === 'credit-notes') {
    return toCsv([
      ['Credit note', 'Date', 'Against invoice', 'Order', 'Return table', 'Place of supply', 'State code', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Total'],
      ...report.creditNotes.map((note) => [
        note.number,
        shopDate(note.issuedAt),
        note.invoiceNumber,
        note.orderNumber,
        note.section === 'b2b' ? 'CDNR' : note.section === 'b2cl' ? 'CDNUR' : 'B2CS (netted)',
        note.state,
        note.stateCode,
        hundredths(note.taxablePaise),
        hundredths(note.cgstPaise),
        hundredths(note.sgstPaise),
        hundredths(note.igstPaise),
        hundredths(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise),
      ]),
    ]);
  }
  const header = GSTR1_HEADERS[part].split(',');
  const rows: CsvValue[][] = (() => {
    switch (part) {
      case 'b2b':
        return gstr1.b2b.map((row) => [row.gstin, row.name, row.invoiceNumber, toolDate(row.issuedAt), hundredths(row.valuePaise), toolPlace(row.placeOfSupply), 'N', '', 'Regular B2B', '', rate(row.rateBp), hundredths(row.taxablePaise), '']);
      case 'b2cl':
        return gstr1.b2cl.map((row) => [row.invoiceNumber, toolDate(row.issuedAt), hundredths(row.valuePaise), toolPlace(row.placeOfSupply), '', rate(row.rateBp), hundredths(row.taxablePaise), '', '']);
      case 'b2cs':
        // 'OE': sold by the shop itself, not through an e-commerce operator that collects tax at source.
        return gstr1.b2cs.map((row) => ['OE', toolPlace(row.placeOfSupply), rate(row.rateBp), '', hundredths(row.taxablePaise), '', '']);
      case 'cdnr':
        return gstr1.cdnr.map((row) => [row.gstin, row.name, row.noteNumber, toolDate(row.issuedAt), 'C', toolPlace(row.placeOfSupply), 'N', 'Regular B2B', hundredths(row.valuePaise), '', rate(row.rateBp), hundredths(row.taxablePaise), '']);
      case 'cdnur':
        return gstr1.cdnur.map((row) => ['B2CL', row.noteNumber, toolDate(row.issuedAt), 'C', toolPlace(row.placeOfSupply), hundredths(row.valuePaise), '', rate(row.rateBp), hundredths(row.taxablePaise), '']);
      case 'hsn-b2b':
        return hsnRows(gstr1.hsnB2b);
      case 'hsn-b2c':
        return hsnRows(gstr1.hsnB2c);
      case 'docs': {
        // Numbers are never cancelled: a document issued in error is reversed by a credit note, so 'Cancelled' is 0.
        const series = [
          ['Invoices for outward supply', report.invoices],
          ['Credit Note', report.creditNoteNumbers],
        ] as const;
        return series.filter(([, numbers]) => numbers.count > 0).map(([nature, numbers]) => [nature, numbers.first, numbers.last, numbers.count, 0]);
      }
    }
  })();
  return toCsv([header, ...rows]);
}
