import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { figure, wrapLines } from './tax-document-pdf.ts';

describe('tax document layout', () => {
  const doc = new PDFDocument({ size: 'A4' });
  doc.font('Helvetica').fontSize(8.5);

  it('breaks a long e-mail address after its @ or a dot, never inside a word', () => {
    const lines = wrapLines(doc, 'asha.verma.moonlight.collector@example.com', 140);
    expect(lines).toEqual(['asha.verma.moonlight.collector@', 'example.com']);
    const narrow = wrapLines(doc, 'asha.verma.moonlight.collector@example.com', 60);
    expect(narrow.join('')).toBe('asha.verma.moonlight.collector@example.com');
    for (const line of narrow.slice(0, -1)) expect(line).toMatch(/[@.]$/);
  });

  it('wraps words at spaces, and cuts a word only when it is wider than the column', () => {
    expect(wrapLines(doc, '5 Lavelle Road, Ashok Nagar', 70)).toEqual(['5 Lavelle Road,', 'Ashok Nagar']);
    const cut = wrapLines(doc, 'Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 50);
    expect(cut.length).toBeGreaterThan(1);
    expect(cut.join('')).toBe('Xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx');
    for (const line of cut) expect(doc.widthOfString(line)).toBeLessThanOrEqual(50);
  });

  it('writes rupees with Indian grouping', () => {
    expect(figure(1_23_45_678_90)).toBe('1,23,45,678.90');
    expect(figure(-5)).toBe('-0.05');
  });
});
