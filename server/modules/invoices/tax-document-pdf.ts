import { billLines, type BillSummary } from '../../../domain/bill-lines.ts';
import { amountInWords, formatRate, type SupplyKind } from '../../../domain/gst.ts';
import { stateByCode } from '../../../domain/india-states.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import type { InvoiceSeller, StoredAddress } from '../../db/schema/index.ts';
import { brandDocument } from '../../pdf/brand-fonts.ts';

/** One line of a tax document, in paise. */
export interface DocumentLine {
  description: string;
  hsnCode: string;
  quantity: number;
  rateBp: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** Everything a tax invoice (CGST Rules, rule 46) or a credit note (CGST Act s.34) prints. */
export interface TaxDocumentView {
  kind: 'invoice' | 'credit-note';
  number: string;
  issuedAt: Date;
  orderNumber: string;
  /** The invoice a credit note adjusts, and why it was issued (said in a sentence on the note). */
  against: { number: string; date: Date; reason: string } | null;
  seller: InvoiceSeller;
  /** `gstin` and `legalName` when the buyer is a registered business buying for itself (a B2B invoice). */
  buyer: { name: string; email: string; phone: string; address: StoredAddress; gstin?: string | null; legalName?: string | null };
  placeOfSupply: { code: string | null; name: string };
  supply: SupplyKind;
  lines: DocumentLine[];
  /**
   * The order's bill (invoices only; a credit note's lines are what it gives back): its adjustments are already
   * taken off the lines' taxable values and its charges already shared into them.
   */
  bill: BillSummary | null;
}

const PURPLE = '#2b1747';
const GOLD = '#a8802a';
const INK = '#1d1d1f';
const MUTED = '#5b5566';
const RULE = '#d9cfe8';
const TINT = '#f6f1fb';

const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;


/** '2,541.53': two decimals, Indian grouping; the rupee sign goes in the column or label heading. */
export function figure(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100));
  const head = rupees.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${rupees.slice(-3)}` : rupees;
  return `${sign}${grouped}.${String(abs % 100).padStart(2, '0')}`;
}

function title(view: TaxDocumentView): string {
  if (view.kind === 'credit-note') return 'Credit Note';
  return view.seller.gstin ? 'Tax Invoice' : 'Receipt';
}

function stateLine(code: string | null, fallback: string): string {
  const state = code ? stateByCode(code) : null;
  return state ? `${state.name} (State code ${state.code})` : fallback;
}

/** The document as PDF bytes: A4, one page for any order the shop takes (a long one flows onto more). */
export function renderTaxDocumentPdf(view: TaxDocumentView): Promise<Buffer> {
  const { doc, bytes } = brandDocument({ size: 'A4', margin: PAGE.margin, info: { Title: `${title(view)} ${view.number}`, Author: view.seller.legalName, Subject: `Order ${view.orderNumber}` } });

  header(doc, view);
  parties(doc, view);
  const tableEnd = table(doc, view);
  totals(doc, view, tableEnd);
  doc.end();
  return bytes;
}

function header(doc: PDFKit.PDFDocument, view: TaxDocumentView): void {
  const top = PAGE.margin;
  doc.rect(0, 0, PAGE.width, 6).fill(PURPLE);
  doc.rect(0, 6, PAGE.width, 1.5).fill(GOLD);
  doc.font('Brand').fontSize(22).fillColor(PURPLE).text('DEOSIL PERFUMES', PAGE.margin, top, { characterSpacing: 2 });
  doc.font('Italic').fontSize(8.5).fillColor(MUTED).text('Handcrafted potions, blended by moonlight', PAGE.margin, top + 28);

  doc.font('Brand').fontSize(17).fillColor(GOLD).text(title(view).toUpperCase(), PAGE.margin, top + 1, { width: CONTENT_WIDTH, align: 'right' });
  const facts: [string, string][] = [
    [view.kind === 'credit-note' ? 'Credit note no.' : view.seller.gstin ? 'Invoice no.' : 'Receipt no.', view.number],
    ['Date', formatShopDate(view.issuedAt, 'day')],
    ['Order', view.orderNumber],
  ];
  if (view.against) facts.push(['Against invoice', `${view.against.number} of ${formatShopDate(view.against.date, 'day')}`]);
  // Labels right-aligned against a column of values, so the figures line up whatever their length.
  const valueWidth = 150;
  const valueX = PAGE.width - PAGE.margin - valueWidth;
  let y = top + 26;
  for (const [label, value] of facts) {
    doc.font('Body').fontSize(8.5).fillColor(MUTED).text(label, valueX - 110, y, { width: 104, align: 'right' });
    doc.font('Bold').fontSize(8.5).fillColor(INK).text(value, valueX, y, { width: valueWidth, align: 'right' });
    y += 12;
  }
  const ruleY = Math.max(y, top + 48) + 8;
  doc.moveTo(PAGE.margin, ruleY).lineTo(PAGE.width - PAGE.margin, ruleY).lineWidth(0.8).strokeColor(GOLD).stroke();
  doc.y = ruleY + 12;
}

/**
 * `text` in lines no wider than `width`, broken after spaces and after the marks that part an e-mail address or a
 * long word (@ . - _ / ,) rather than at whatever letter reaches the edge; a run with no such mark that is still too
 * wide is cut where it must be. Measured in the document's current font and size.
 */
export function wrapLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] {
  const pieces = text.split(/(?<=[\s@.\-_/,])/);
  const lines: string[] = [];
  let line = '';
  const fits = (candidate: string) => doc.widthOfString(candidate.trimEnd()) <= width;
  for (const piece of pieces) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    for (const character of piece) {
      if (line && !fits(line + character)) {
        lines.push(line.trimEnd());
        line = '';
      }
      line += character;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

function block(doc: PDFKit.PDFDocument, x: number, y: number, width: number, heading: string, lines: { text: string; bold?: boolean }[]): number {
  doc.font('Bold').fontSize(7.5).fillColor(GOLD).text(heading.toUpperCase(), x, y, { width, characterSpacing: 1 });
  let cursor = y + 12;
  for (const line of lines) {
    doc.font(line.bold ? 'Bold' : 'Body').fontSize(line.bold ? 9.5 : 8.5).fillColor(line.bold ? INK : MUTED);
    for (const part of wrapLines(doc, line.text, width)) {
      doc.text(part, x, cursor, { width, lineBreak: false });
      cursor += doc.currentLineHeight(true) + 1.5;
    }
  }
  return cursor;
}

function parties(doc: PDFKit.PDFDocument, view: TaxDocumentView): void {
  const top = doc.y;
  const column = (CONTENT_WIDTH - 24) / 3;
  const { seller, buyer } = view;
  const sellerState = stateByCode(seller.stateCode);
  const sellerEnd = block(doc, PAGE.margin, top, column, 'Sold by', [
    { text: seller.legalName, bold: true },
    { text: seller.address },
    ...(seller.gstin ? [{ text: `GSTIN: ${seller.gstin}`, bold: true }] : []),
    ...(seller.cin ? [{ text: `CIN: ${seller.cin}` }] : []),
    { text: `State: ${sellerState ? `${sellerState.name} (State code ${sellerState.code})` : seller.stateCode}` },
  ]);
  const address = buyer.address;
  const addressLines = [{ text: address.street }, { text: `${address.city} ${address.zipCode}` }, { text: `${stateLine(view.placeOfSupply.code, address.state)}, ${address.country}` }];
  // A registered business is billed by its legal name and GSTIN (rule 46(e)); a consumer by name.
  const billEnd = block(doc, PAGE.margin + column + 12, top, column, 'Billed to', [
    { text: buyer.gstin && buyer.legalName ? buyer.legalName : buyer.name, bold: true },
    ...(buyer.gstin ? [{ text: `GSTIN: ${buyer.gstin}`, bold: true }] : []),
    ...addressLines,
    { text: buyer.email },
    ...(buyer.phone ? [{ text: buyer.phone }] : []),
  ]);
  const shipEnd = block(doc, PAGE.margin + 2 * (column + 12), top, column, 'Shipped to', [{ text: buyer.name, bold: true }, ...addressLines]);
  let y = Math.max(sellerEnd, billEnd, shipEnd) + 10;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 22).fill(TINT);
  doc.font('Body').fontSize(8.5).fillColor(MUTED).text('Place of supply: ', PAGE.margin + 8, y + 7, { continued: true });
  doc.font('Bold').fillColor(INK).text(stateLine(view.placeOfSupply.code, view.placeOfSupply.name), { continued: true });
  doc.font('Body').fillColor(MUTED).text(`     ${view.supply === 'intra-state' ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST'}`);
  doc.font('Body').fontSize(8.5).fillColor(MUTED).text('Tax payable on reverse charge: No', PAGE.margin, y + 7, { width: CONTENT_WIDTH - 8, align: 'right' });
  y += 34;
  doc.y = y;
}

interface Column {
  label: string;
  width: number;
  align: 'left' | 'right' | 'center';
  value(line: DocumentLine, index: number): string;
}

/**
 * The line table's columns. Rule 46 asks for the rate and amount of each tax: within the state CGST and SGST each
 * at half the GST rate, in their own columns; to another state IGST at the whole rate.
 */
function columnsOf(view: TaxDocumentView): Column[] {
  const amount = (label: string, width: number, pick: (line: DocumentLine) => number): Column => ({ label, width, align: 'right', value: (line) => figure(pick(line)) });
  const rate = (label: string, width: number, share: number): Column => ({ label, width, align: 'right', value: (line) => formatRate(line.rateBp * share) });
  const taxes: Column[] =
    view.supply === 'intra-state'
      ? [rate('CGST rate', 34, 0.5), amount('CGST (₹)', 54, (line) => line.cgstPaise), rate('SGST rate', 34, 0.5), amount('SGST (₹)', 54, (line) => line.sgstPaise)]
      : [rate('IGST rate', 34, 1), amount('IGST (₹)', 62, (line) => line.igstPaise)];
  const fixed: Column[] = [
    { label: '#', width: 16, align: 'left', value: (_line, index) => String(index + 1) },
    { label: 'HSN', width: 50, align: 'left', value: (line) => line.hsnCode },
    { label: 'Qty', width: 24, align: 'right', value: (line) => String(line.quantity) },
    { label: 'Unit', width: 28, align: 'center', value: () => 'NOS' },
    amount('Taxable value (₹)', 64, (line) => line.taxablePaise),
    ...taxes,
    amount('Total (₹)', 68, (line) => line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise),
  ];
  // The description takes the width the figures leave.
  const description: Column = { label: 'Description', width: CONTENT_WIDTH - fixed.reduce((sum, column) => sum + column.width, 0), align: 'left', value: (line) => line.description };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

function table(doc: PDFKit.PDFDocument, view: TaxDocumentView): number {
  const columns = columnsOf(view);
  const padding = 4;
  // Labels wrap within their column ('Taxable / value (₹)'), so the head is as tall as its tallest label.
  doc.font('Bold').fontSize(7.5);
  const headHeight = Math.max(...columns.map((column) => doc.heightOfString(column.label, { width: column.width - 2 * padding }))) + 12;
  const drawHead = (y: number) => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, headHeight).fill(PURPLE);
    let x = PAGE.margin;
    for (const column of columns) {
      doc.font('Bold').fontSize(7.5).fillColor('#ffffff').text(column.label, x + padding, y + 6, { width: column.width - 2 * padding, align: column.align });
      x += column.width;
    }
    return y + headHeight;
  };
  let y = drawHead(doc.y);
  view.lines.forEach((line, index) => {
    doc.font('Body').fontSize(8.5);
    const height = Math.max(...columns.map((column) => doc.heightOfString(column.value(line, index), { width: column.width - 2 * padding }))) + 10;
    if (y + height > PAGE.height - PAGE.margin - 40) {
      doc.addPage();
      y = drawHead(PAGE.margin);
    }
    if (index % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(TINT);
    let x = PAGE.margin;
    for (const column of columns) {
      doc.font(column.label === 'Total (₹)' ? 'Bold' : 'Body').fontSize(8.5).fillColor(INK).text(column.value(line, index), x + padding, y + 5, {
        width: column.width - 2 * padding,
        align: column.align,
      });
      x += column.width;
    }
    y += height;
    doc.moveTo(PAGE.margin, y).lineTo(PAGE.width - PAGE.margin, y).lineWidth(0.5).strokeColor(RULE).stroke();
  });
  return y;
}

function totals(doc: PDFKit.PDFDocument, view: TaxDocumentView, tableEnd: number): void {
  const sum = (pick: (line: DocumentLine) => number) => view.lines.reduce((total, line) => total + pick(line), 0);
  const taxable = sum((line) => line.taxablePaise);
  const cgst = sum((line) => line.cgstPaise);
  const sgst = sum((line) => line.sgstPaise);
  const igst = sum((line) => line.igstPaise);
  const total = taxable + cgst + sgst + igst;
  const rows: [string, string][] = [['Taxable value', figure(taxable)]];
  if (view.supply === 'intra-state') rows.push(['CGST', figure(cgst)], ['SGST', figure(sgst)]);
  else rows.push(['IGST', figure(igst)]);

  let y = tableEnd + 14;
  if (y > PAGE.height - 230) {
    doc.addPage();
    y = PAGE.margin;
  }
  const boxX = PAGE.margin + CONTENT_WIDTH - 220;
  const startY = y;
  for (const [label, value] of rows) {
    doc.font('Body').fontSize(9).fillColor(MUTED).text(label, boxX + 2, y, { width: 120 });
    doc.font('Body').fillColor(INK).text(value, boxX + 120, y, { width: 94, align: 'right' });
    y += 14;
  }
  doc.rect(boxX - 6, y + 2, 226, 24).fill(PURPLE);
  doc
    .font('Bold')
    .fontSize(10.5)
    .fillColor('#ffffff')
    .text(view.kind === 'credit-note' ? 'Total credited (₹)' : 'Total (₹)', boxX + 2, y + 9, { width: 120 });
  doc.text(figure(total), boxX + 120, y + 9, { width: 94, align: 'right' });
  y += 34;

  // Left of the totals: the amount in words and what the figures mean.
  let left = startY;
  doc.font('Bold').fontSize(7.5).fillColor(GOLD).text('AMOUNT IN WORDS', PAGE.margin, left, { width: CONTENT_WIDTH - 240, characterSpacing: 1 });
  left = doc.y + 2;
  doc.font('Bold').fontSize(9).fillColor(INK).text(amountInWords(total), PAGE.margin, left, { width: CONTENT_WIDTH - 240 });
  left = doc.y + 8;
  const notes = [
    view.kind === 'credit-note'
      ? `${view.against?.reason ?? 'Issued'}: the taxes shown are reversed against the invoice named above.`
      : 'Prices include GST; the taxable value is the price after discount less the tax within it.',
    // The bill's own rows (domain/bill-lines.ts), each said in words where it went.
    ...(view.bill ? billLines(view.bill, { minus: '', format: (paise) => `₹${figure(paise)}` }) : []).flatMap((row) => {
      if (row.kind === 'adjustment') return [`${row.label} of ${row.text} is taken off the taxable values above.`];
      if (row.kind === 'charge') return [`${row.label} of ${row.text} is charged with the goods and included in their taxable values.`];
      return [];
    }),
    'Whether tax is payable on reverse charge: No',
  ];
  for (const note of notes) {
    doc.font('Body').fontSize(8).fillColor(MUTED).text(note, PAGE.margin, left, { width: CONTENT_WIDTH - 240 });
    left = doc.y + 3;
  }

  y = Math.max(y, left) + 36;
  const signX = PAGE.margin + CONTENT_WIDTH - 200;
  doc.font('Body').fontSize(8.5).fillColor(MUTED).text(`For ${view.seller.legalName}`, signX, y, { width: 200, align: 'right' });
  doc
    .moveTo(signX + 40, y + 44)
    .lineTo(PAGE.width - PAGE.margin, y + 44)
    .lineWidth(0.6)
    .strokeColor(INK)
    .stroke();
  doc.font('Body').fontSize(8).fillColor(MUTED).text('Authorised signatory', signX, y + 48, { width: 200, align: 'right' });

  const footerY = PAGE.height - PAGE.margin - 14;
  doc.moveTo(PAGE.margin, footerY - 6).lineTo(PAGE.width - PAGE.margin, footerY - 6).lineWidth(0.5).strokeColor(RULE).stroke();
  doc
    .font('Body')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(`${view.seller.gstin ? 'A computer-generated document.' : 'Not a tax invoice: the seller shows no GST registration.'}  coven@deosilperfumes.in  ·  +91 98765 43210`, PAGE.margin, footerY, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
}
