import { PDFDocument as PdfLibDocument } from 'pdf-lib';
import { code128Widths } from '../../../domain/code128.ts';
import type { LabelView, PackingSlipSize, PackingSlipView } from '../../../domain/dispatch-documents.ts';
import { formatPaise } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { brandDocument } from '../../pdf/brand-fonts.ts';

// Printed on white paper and on thermal labels: black for what a courier scans and reads, the brand's purple
// and gold only on the slip a customer opens.
const INK = '#000000';
const PURPLE = '#2b1747';
const GOLD = '#a8802a';
const MUTED = '#5b5566';
/** 4×6 in, the label printers' stock that Indian couriers' hubs take. */
const LABEL = { width: 288, height: 432, margin: 14 };
const A4 = { width: 595.28, height: 841.89 };

/** One manifest row: a parcel handed to the pickup agent. */
export interface ManifestRow {
  awb: string;
  courierName: string;
  reference: string;
  consignee: string;
  pincode: string;
  weightGrams: number;
  collectPaise: number;
}

/** The AWB as a Code 128 barcode filling `width`, bars in whole printer dots where the width allows. */
function barcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number): void {
  const widths = code128Widths(text);
  const modules = widths.reduce((sum, value) => sum + value, 0);
  const module = width / modules;
  let at = x;
  widths.forEach((value, index) => {
    if (index % 2 === 0) doc.rect(at, y, value * module, height).fill(INK);
    at += value * module;
  });
}

/** The shop's own labels, one 4×6 in page each: courier and AWB, the consignee and PIN large, COD, weight, return address. */
export function renderShopLabels(labels: readonly LabelView[]): Promise<Buffer> {
  const { doc, bytes } = brandDocument({ size: [LABEL.width, LABEL.height], margin: LABEL.margin, autoFirstPage: false, info: { Title: 'Shipping labels' } });
  const inner = LABEL.width - 2 * LABEL.margin;
  const left = LABEL.margin;
  for (const label of labels) {
    doc.addPage();
    let y = LABEL.margin;
    doc.font('Bold').fontSize(13).fillColor(INK).text(label.courierName, left, y, { width: inner * 0.6, lineBreak: false, ellipsis: true });
    const pay = label.collectPaise > 0 ? 'COD' : 'PREPAID';
    doc.font('Bold').fontSize(13).text(pay, left, y, { width: inner, align: 'right' });
    y += 22;
    if (label.collectPaise > 0) {
      doc.rect(left, y, inner, 26).lineWidth(1.5).strokeColor(INK).stroke();
      doc.font('Bold').fontSize(13).text(`Collect ${formatPaise(label.collectPaise)} in cash`, left, y + 6, { width: inner, align: 'center' });
      y += 32;
    }
    barcode(doc, label.awb, left + 6, y, inner - 12, 62);
    y += 66;
    doc.font('Bold').fontSize(17).text(label.awb, left, y, { width: inner, align: 'center', characterSpacing: 1 });
    y += 26;
    doc.moveTo(left, y).lineTo(left + inner, y).lineWidth(1).strokeColor(INK).stroke();
    y += 6;
    doc.font('Body').fontSize(8).text('DELIVER TO', left, y);
    y += 11;
    doc.font('Bold').fontSize(12).text(label.to.name, left, y, { width: inner });
    y = doc.y + 1;
    doc.font('Body').fontSize(10).text(label.to.lines.join('\n'), left, y, { width: inner });
    y = doc.y + 2;
    doc.font('Bold').fontSize(20).text(`PIN ${label.to.pincode}`, left, y, { width: inner });
    y = doc.y;
    doc.font('Body').fontSize(10).text(`Phone ${label.to.phone}`, left, y, { width: inner });
    y = doc.y + 6;
    doc.moveTo(left, y).lineTo(left + inner, y).stroke();
    y += 6;
    const facts: [string, string][] = [
      ['Order', label.orderNumber],
      ['Parcel', label.reference],
      ['Weight', `${(label.weightGrams / 1000).toFixed(2)} kg`],
      ['Size', `${label.dimensionsCm.length} × ${label.dimensionsCm.breadth} × ${label.dimensionsCm.height} cm`],
    ];
    for (const [name, value] of facts) {
      doc.font('Body').fontSize(8.5).text(name, left, y, { width: 50 });
      doc.font('Bold').fontSize(8.5).text(value, left + 50, y, { width: inner - 50 });
      y = doc.y + 1;
    }
    // The return address sits at the foot, where the courier looks for it when a delivery fails.
    const footTop = LABEL.height - LABEL.margin - 40;
    doc.moveTo(left, footTop - 4).lineTo(left + inner, footTop - 4).stroke();
    doc.font('Body').fontSize(7).text('IF UNDELIVERED, RETURN TO', left, footTop);
    doc.font('Bold').fontSize(7.5).text(label.from.name, left, footTop + 9, { width: inner });
    doc.font('Body').fontSize(7.5).text(label.from.address, left, doc.y, { width: inner, height: 20, ellipsis: true });
  }
  doc.end();
  return bytes;
}

/** Packing slips, one page each on A4 or on a 4×6 in label; a gift's names the recipient, prints the card and no price. */
export function renderPackingSlips(slips: readonly PackingSlipView[], size: PackingSlipSize): Promise<Buffer> {
  const page = size === 'a4' ? { ...A4, margin: 40, scale: 1 } : { width: LABEL.width, height: LABEL.height, margin: LABEL.margin, scale: 0.62 };
  const { doc, bytes } = brandDocument({ size: [page.width, page.height], margin: page.margin, autoFirstPage: false, info: { Title: 'Packing slips' } });
  const s = (points: number) => Math.max(6.5, points * page.scale);
  const inner = page.width - 2 * page.margin;
  const left = page.margin;
  for (const slip of slips) {
    doc.addPage();
    doc.rect(0, 0, page.width, 5 * page.scale + 1).fill(PURPLE);
    let y = page.margin;
    doc.font('Brand').fontSize(s(20)).fillColor(PURPLE).text('DEOSIL PERFUMES', left, y, { characterSpacing: 1.5 * page.scale });
    doc.font('Brand').fontSize(s(14)).fillColor(GOLD).text('PACKING SLIP', left, y + 2, { width: inner, align: 'right' });
    y = doc.y + s(14);
    doc.font('Body').fontSize(s(9)).fillColor(MUTED).text(`Order ${slip.orderNumber} · parcel ${slip.reference} · placed ${formatShopDate(slip.placedAt, 'day')}`, left, y, { width: inner });
    y = doc.y + s(10);
    doc.font('Bold').fontSize(s(9)).fillColor(GOLD).text('SHIP TO', left, y);
    doc.font('Bold').fontSize(s(11)).fillColor(INK).text(slip.to.name, left, doc.y + 2, { width: inner });
    doc.font('Body').fontSize(s(10)).text([...slip.to.lines.slice(0, -1), `${slip.to.lines.at(-1) ?? ''} ${slip.to.pincode}`.trim()].join('\n'), left, doc.y, { width: inner });
    y = doc.y + s(14);

    // The lines: what is inside and how many; their amounts only when the parcel is not a gift.
    const qtyWidth = s(50);
    const amountWidth = slip.showPrices ? s(90) : 0;
    const nameWidth = inner - qtyWidth - amountWidth;
    // The heading row is as tall as its text needs plus a little air, on either paper.
    const headHeight = s(9) * 1.4 + 6;
    doc.rect(left, y, inner, headHeight).fill(PURPLE);
    doc.font('Bold').fontSize(s(9)).fillColor('#ffffff');
    doc.text('Item', left + 4, y + 3, { width: nameWidth - 8 });
    doc.text('Qty', left + nameWidth, y + 3, { width: qtyWidth - 4, align: 'right' });
    if (slip.showPrices) doc.text('Amount', left + nameWidth + qtyWidth, y + 3, { width: amountWidth - 4, align: 'right' });
    y += headHeight + s(4);
    doc.fillColor(INK);
    for (const line of slip.lines) {
      doc.font('Body').fontSize(s(10)).text(line.description, left + 4, y, { width: nameWidth - 8 });
      const bottom = doc.y;
      doc.font('Bold').fontSize(s(10)).text(String(line.quantity), left + nameWidth, y, { width: qtyWidth - 4, align: 'right' });
      if (slip.showPrices && line.amountPaise !== null) doc.font('Body').fontSize(s(10)).text(formatPaise(line.amountPaise), left + nameWidth + qtyWidth, y, { width: amountWidth - 4, align: 'right' });
      y = Math.max(bottom, doc.y) + s(4);
      doc.moveTo(left, y).lineTo(left + inner, y).lineWidth(0.5).strokeColor('#d9cfe8').stroke();
      y += s(4);
    }
    const units = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
    doc.font('Bold').fontSize(s(10)).fillColor(INK).text(`${units} potion${units === 1 ? '' : 's'} in this parcel`, left, y + s(4), { width: inner, align: 'right' });
    y = doc.y + s(16);

    if (slip.gift) {
      const top = y;
      doc.font('Italic').fontSize(s(10)).fillColor(GOLD).text(`A gift for ${slip.gift.recipientName}`, left + s(12), top + s(10), { width: inner - s(24) });
      if (slip.gift.message) doc.font('Body').fontSize(s(11)).fillColor(INK).text(slip.gift.message, left + s(12), doc.y + s(6), { width: inner - s(24) });
      const bottom = doc.y + s(10);
      doc.rect(left, top, inner, bottom - top).lineWidth(1).strokeColor(GOLD).stroke();
      y = bottom + s(14);
    }

    const footTop = page.height - page.margin - s(36);
    doc.moveTo(left, footTop - s(6)).lineTo(left + inner, footTop - s(6)).lineWidth(0.5).strokeColor(GOLD).stroke();
    doc.font('Bold').fontSize(s(8.5)).fillColor(MUTED).text(slip.from.name, left, footTop, { width: inner });
    doc.font('Body').fontSize(s(8.5)).text(slip.from.address, left, doc.y, { width: inner });
  }
  doc.end();
  return bytes;
}

/** The shop's manifest of parcels handed over by hand: one row each, the cash to collect, and two signatures. */
export function renderManifest(rows: readonly ManifestRow[], shop: { name: string; address: string }, at: Date): Promise<Buffer> {
  const margin = 36;
  const { doc, bytes } = brandDocument({ size: 'A4', margin, info: { Title: `Manifest ${formatShopDate(at, 'day')}` } });
  const inner = A4.width - 2 * margin;
  doc.font('Brand').fontSize(18).fillColor(PURPLE).text('DEOSIL PERFUMES', margin, margin);
  doc.font('Brand').fontSize(14).fillColor(GOLD).text('PICKUP MANIFEST', margin, margin + 2, { width: inner, align: 'right' });
  doc.font('Body').fontSize(9).fillColor(INK).text(`${shop.name}, ${shop.address}`, margin, margin + 30, { width: inner });
  doc.text(`Handed over ${formatShopDate(at, 'dateTime')} · ${rows.length} parcel${rows.length === 1 ? '' : 's'}`, margin, doc.y + 2, { width: inner });
  const columns: [string, number, 'left' | 'right'][] = [
    ['#', 18, 'left'],
    ['AWB', 100, 'left'],
    ['Courier', 84, 'left'],
    ['Parcel', 94, 'left'],
    ['Consignee', 88, 'left'],
    ['PIN', 40, 'left'],
    ['Kg', 28, 'right'],
    ['COD', inner - 452, 'right'],
  ];
  let y = doc.y + 12;
  const row = (cells: string[], bold: boolean) => {
    let x = margin;
    let bottom = y;
    doc.font(bold ? 'Bold' : 'Body').fontSize(8.5);
    cells.forEach((cell, index) => {
      const [, width, align] = columns[index]!;
      doc.text(cell, x + 2, y, { width: width - 4, align });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    y = bottom + 4;
    doc.moveTo(margin, y - 2).lineTo(margin + inner, y - 2).lineWidth(0.5).strokeColor('#999999').stroke();
    if (y > A4.height - 140) {
      doc.addPage();
      y = margin;
    }
  };
  row(columns.map(([name]) => name), true);
  rows.forEach((entry, index) =>
    row([String(index + 1), entry.awb, entry.courierName, entry.reference, entry.consignee, entry.pincode, (entry.weightGrams / 1000).toFixed(2), entry.collectPaise ? formatPaise(entry.collectPaise) : 'Prepaid'], false),
  );
  const cod = rows.reduce((sum, entry) => sum + entry.collectPaise, 0);
  doc.font('Bold').fontSize(9.5).fillColor(INK).text(`Parcels: ${rows.length} · Cash to collect: ${formatPaise(cod)}`, margin, y + 8, { width: inner, align: 'right' });
  y = doc.y + 40;
  for (const [index, who] of ['Handed over by (shop)', 'Received by (pickup agent)'].entries()) {
    const x = margin + index * (inner / 2 + 10);
    doc.moveTo(x, y).lineTo(x + inner / 2 - 20, y).lineWidth(0.8).strokeColor(INK).stroke();
    doc.font('Body').fontSize(8.5).text(`${who}: name, signature, time`, x, y + 4, { width: inner / 2 - 20 });
  }
  doc.end();
  return bytes;
}

/** One PDF of several, page after page in the order given (the courier's own labels beside the shop's). */
export async function mergePdfs(parts: readonly Uint8Array[]): Promise<Buffer> {
  if (parts.length === 1) return Buffer.from(parts[0]!);
  const merged = await PdfLibDocument.create();
  for (const part of parts) {
    const source = await PdfLibDocument.load(part);
    for (const copied of await merged.copyPages(source, source.getPageIndices())) merged.addPage(copied);
  }
  return Buffer.from(await merged.save());
}
