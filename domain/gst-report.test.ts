import { describe, expect, it } from 'vitest';
import { gstMonthReport, isReportMonth, sectionOf, type ReportCreditNote, type ReportInvoiceWithLines, type ReportLine } from './gst-report.ts';
import { gstReportCsv, GSTR1_HEADERS, toolDate, toolPlace } from './gstr1-csv.ts';

const line = (rateBp: number, taxablePaise: number, tax: { cgst?: number; sgst?: number; igst?: number }, quantity = 1): ReportLine => ({
  hsnCode: '3303',
  rateBp,
  quantity,
  taxablePaise,
  cgstPaise: tax.cgst ?? 0,
  sgstPaise: tax.sgst ?? 0,
  igstPaise: tax.igst ?? 0,
});
const gross = (lines: ReportLine[]) => lines.reduce((sum, entry) => sum + entry.taxablePaise + entry.cgstPaise + entry.sgstPaise + entry.igstPaise, 0);
const invoice = (number: string, placeOfSupply: string, lines: ReportLine[], extra: Partial<ReportInvoiceWithLines> = {}): ReportInvoiceWithLines => ({
  number,
  issuedAt: new Date('2026-11-05T10:00:00+05:30'),
  placeOfSupply,
  interState: placeOfSupply !== '29',
  buyer: null,
  valuePaise: gross(lines),
  lines,
  ...extra,
});
const note = (number: string, against: ReportInvoiceWithLines, lines: ReportLine[]): ReportCreditNote => {
  const { lines: _, ...head } = against;
  const sum = (pick: (entry: ReportLine) => number) => lines.reduce((total, entry) => total + pick(entry), 0);
  return {
    number,
    issuedAt: new Date('2026-11-20T23:30:00+05:30'),
    orderNumber: `DP-${number.slice(-4)}`,
    amountPaise: gross(lines),
    taxablePaise: sum((entry) => entry.taxablePaise),
    cgstPaise: sum((entry) => entry.cgstPaise),
    sgstPaise: sum((entry) => entry.sgstPaise),
    igstPaise: sum((entry) => entry.igstPaise),
    invoice: head,
    lines,
  };
};

// A month of a Karnataka seller: two local sales, two to Maharashtra (one returned), one large one to Delhi
// (partly returned), and one to a registered company in Tamil Nadu (partly credited).
const local = invoice('DP/2627/000007', '29', [line(1800, 254_153, { cgst: 22_874, sgst: 22_873 }, 2)]);
const localTwelve = invoice('DP/2627/000008', '29', [line(1200, 100_000, { cgst: 6_000, sgst: 6_000 })]);
const pune = invoice('DP/2627/000009', '27', [line(1800, 254_153, { igst: 45_747 })]);
const returned = invoice('DP/2627/000010', '27', [line(1800, 100_000, { igst: 18_000 })]);
const large = invoice('DP/2627/000011', '07', [line(1800, 10_000_000, { igst: 1_800_000 }, 30)]);
const company = invoice('DP/2627/000012', '33', [line(1800, 500_000, { igst: 90_000 }, 2), line(1200, 100_000, { igst: 12_000 })], {
  buyer: { gstin: '33AAACT1234A1Z2', name: 'Tamil Moon Traders Pvt Ltd' },
});
const notes = [
  note('DPCN/2627/000001', returned, [line(1800, 100_000, { igst: 18_000 })]),
  note('DPCN/2627/000002', large, [line(1800, 1_000_000, { igst: 180_000 }, 3)]),
  note('DPCN/2627/000003', company, [line(1800, 250_000, { igst: 45_000 })]),
];
const report = gstMonthReport('2026-11', [local, localTwelve, pune, returned, large, company], notes);
const csv = (part: Parameters<typeof gstReportCsv>[1]) => gstReportCsv(report, part).split('\r\n');

describe('which table of the return a supply belongs in', () => {
  it('a registered buyer is B2B; an unregistered one in another state above ₹1,00,000 is B2C large; the rest B2C small', () => {
    expect(sectionOf({ buyer: { gstin: 'x', name: 'y' }, interState: false, valuePaise: 100 })).toBe('b2b');
    expect(sectionOf({ buyer: null, interState: true, valuePaise: 1_00_000_01 })).toBe('b2cl');
    expect(sectionOf({ buyer: null, interState: true, valuePaise: 1_00_000_00 })).toBe('b2cs');
    expect(sectionOf({ buyer: null, interState: false, valuePaise: 5_00_000_00 })).toBe('b2cs');
  });
});

describe('the monthly GST report', () => {
  it('sums supplies to consumers by place of supply and rate, less the month’s credit notes', () => {
    expect(report.b2c).toEqual([
      { state: 'Delhi', stateCode: '07', rateBp: 1800, taxablePaise: 9_000_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 1_620_000 },
      { state: 'Karnataka', stateCode: '29', rateBp: 1200, taxablePaise: 100_000, cgstPaise: 6_000, sgstPaise: 6_000, igstPaise: 0 },
      { state: 'Karnataka', stateCode: '29', rateBp: 1800, taxablePaise: 254_153, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 0 },
      { state: 'Maharashtra', stateCode: '27', rateBp: 1800, taxablePaise: 254_153, cgstPaise: 0, sgstPaise: 0, igstPaise: 45_747 },
    ]);
    expect(report.invoices).toEqual({ first: 'DP/2627/000007', last: 'DP/2627/000012', count: 6 });
    expect(report.creditNoteNumbers).toEqual({ first: 'DPCN/2627/000001', last: 'DPCN/2627/000003', count: 3 });
  });

  it('nets returned units in the HSN summary, B2B and B2C apart', () => {
    expect(report.gstr1.hsnB2c).toEqual([
      { hsnCode: '3303', rateBp: 1200, quantity: 1, taxablePaise: 100_000, cgstPaise: 6_000, sgstPaise: 6_000, igstPaise: 0 },
      // 2 + 1 + 1 − 1 + 30 − 3 units at 18 %.
      { hsnCode: '3303', rateBp: 1800, quantity: 30, taxablePaise: 9_508_306, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 1_665_747 },
    ]);
    expect(report.gstr1.hsnB2b).toEqual([
      { hsnCode: '3303', rateBp: 1200, quantity: 1, taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 12_000 },
      { hsnCode: '3303', rateBp: 1800, quantity: 1, taxablePaise: 250_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 45_000 },
    ]);
    const sum = (rows: { taxablePaise: number }[]) => rows.reduce((total, row) => total + row.taxablePaise, 0);
    expect(sum(report.gstr1.hsnB2b) + sum(report.gstr1.hsnB2c)).toBe(report.totals.taxablePaise);
  });

  it('reads months as YYYY-MM', () => {
    expect(isReportMonth('2026-11')).toBe(true);
    expect(isReportMonth('2026-13')).toBe(false);
    expect(isReportMonth('26-11')).toBe(false);
  });
});

describe('the GSTR-1 offline tool’s files', () => {
  it('write dates, places of supply and rates as the tool reads them', () => {
    expect(toolDate(new Date('2026-11-04T20:00:00Z'))).toBe('05-Nov-2026');
    expect(toolPlace('29')).toBe('29-Karnataka');
    expect(toolPlace('26')).toBe('26-Dadra and Nagar Haveli and Daman and Diu');
    expect(toolPlace(null)).toBe('');
  });

  it('b2cs: one row per place of supply and rate, B2C large and B2B left out, credit notes netted', () => {
    expect(csv('b2cs')).toEqual([
      'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      'OE,27-Maharashtra,18,,2541.53,,',
      'OE,29-Karnataka,12,,1000.00,,',
      'OE,29-Karnataka,18,,2541.53,,',
      '',
    ]);
  });

  it('b2cl and cdnur: the large inter-state invoice and its credit note, each by rate', () => {
    expect(csv('b2cl')).toEqual([GSTR1_HEADERS.b2cl, 'DP/2627/000011,05-Nov-2026,118000.00,07-Delhi,,18,100000.00,,', '']);
    expect(csv('cdnur')).toEqual([GSTR1_HEADERS.cdnur, 'B2CL,DPCN/2627/000002,20-Nov-2026,C,07-Delhi,11800.00,,18,10000.00,', '']);
  });

  it('b2b and cdnr: the registered buyer, the invoice’s whole value on each of its rates’ rows', () => {
    expect(csv('b2b')).toEqual([
      GSTR1_HEADERS.b2b,
      '33AAACT1234A1Z2,Tamil Moon Traders Pvt Ltd,DP/2627/000012,05-Nov-2026,7020.00,33-Tamil Nadu,N,,Regular B2B,,12,1000.00,',
      '33AAACT1234A1Z2,Tamil Moon Traders Pvt Ltd,DP/2627/000012,05-Nov-2026,7020.00,33-Tamil Nadu,N,,Regular B2B,,18,5000.00,',
      '',
    ]);
    expect(csv('cdnr')).toEqual([GSTR1_HEADERS.cdnr, '33AAACT1234A1Z2,Tamil Moon Traders Pvt Ltd,DPCN/2627/000003,20-Nov-2026,C,33-Tamil Nadu,N,Regular B2B,2950.00,,18,2500.00,', '']);
  });

  it('hsn: the tool’s units and columns, tax by kind', () => {
    expect(csv('hsn-b2c')[0]).toBe('HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount');
    expect(csv('hsn-b2c')[2]).toBe('3303,PERFUMES AND TOILET WATERS,NOS-NUMBERS,30,112198.00,18,95083.06,16657.47,228.74,228.73,');
    expect(csv('hsn-b2b')[1]).toBe('3303,PERFUMES AND TOILET WATERS,NOS-NUMBERS,1,1120.00,12,1000.00,120.00,0.00,0.00,');
  });

  it('docs: each series’ first and last number of the month, with nothing cancelled', () => {
    expect(csv('docs')).toEqual([
      'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
      'Invoices for outward supply,DP/2627/000007,DP/2627/000012,6,0',
      'Credit Note,DPCN/2627/000001,DPCN/2627/000003,3,0',
      '',
    ]);
  });

  it('a month without sales writes the headers alone', () => {
    const empty = gstMonthReport('2026-12', [], []);
    expect(gstReportCsv(empty, 'docs')).toBe('Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled\r\n');
    expect(gstReportCsv(empty, 'b2cs')).toBe(`${GSTR1_HEADERS.b2cs}\r\n`);
  });

  it('the register lists each credit note with the table it goes to', () => {
    expect(csv('credit-notes')[1]).toBe('DPCN/2627/000001,2026-11-20,DP/2627/000010,DP-0001,B2CS (netted),Maharashtra,27,1000.00,0.00,0.00,180.00,1180.00');
    expect(csv('credit-notes')[3]).toMatch(/^DPCN\/2627\/000003,.*,CDNR,Tamil Nadu,/);
  });
});
