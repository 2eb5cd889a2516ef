import { describe, expect, it } from 'vitest';
import { gstMonthReport, gstReportCsv, isReportMonth } from './gst-report.ts';

const line = (invoiceNumber: string, placeOfSupply: string, rateBp: number, taxablePaise: number, tax: { cgst?: number; sgst?: number; igst?: number }) => ({
  invoiceNumber,
  placeOfSupply,
  hsnCode: '3303',
  rateBp,
  quantity: 1,
  taxablePaise,
  cgstPaise: tax.cgst ?? 0,
  sgstPaise: tax.sgst ?? 0,
  igstPaise: tax.igst ?? 0,
});

describe('the monthly GST report', () => {
  const invoices = [
    line('DP/2627/000007', '29', 1800, 254_153, { cgst: 22_874, sgst: 22_873 }),
    line('DP/2627/000008', '27', 1800, 254_153, { igst: 45_747 }),
    line('DP/2627/000009', '27', 1800, 100_000, { igst: 18_000 }),
  ];
  const refund = {
    number: 'DPCN/2627/000001',
    issuedAt: new Date('2026-11-20T10:00:00+05:30'),
    invoiceNumber: 'DP/2627/000009',
    orderNumber: 'DP-20261120-0001',
    placeOfSupply: '27',
    taxablePaise: 100_000,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 18_000,
    lines: [{ hsnCode: '3303', rateBp: 1800, quantity: 1, taxablePaise: 100_000, cgstPaise: 0, sgstPaise: 0, igstPaise: 18_000 }],
  };
  const report = gstMonthReport('2026-11', invoices, [refund]);

  it('sums B2C supplies by place of supply and rate, less the month’s credit notes', () => {
    expect(report.b2c).toEqual([
      { state: 'Karnataka', stateCode: '29', rateBp: 1800, taxablePaise: 254_153, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 0 },
      { state: 'Maharashtra', stateCode: '27', rateBp: 1800, taxablePaise: 254_153, cgstPaise: 0, sgstPaise: 0, igstPaise: 45_747 },
    ]);
    expect(report.hsn).toEqual([{ hsnCode: '3303', rateBp: 1800, quantity: 2, taxablePaise: 508_306, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 45_747 }]);
    expect(report.invoices).toEqual({ first: 'DP/2627/000007', last: 'DP/2627/000009', count: 3 });
  });

  it('writes CSVs an accountant can open', () => {
    expect(gstReportCsv(report, 'b2c')).toBe(
      'Place of supply,State code,Rate (%),Taxable value,CGST,SGST,IGST\r\nKarnataka,29,18,2541.53,228.74,228.73,0.00\r\nMaharashtra,27,18,2541.53,0.00,0.00,457.47\r\n',
    );
    expect(gstReportCsv(report, 'credit-notes').split('\r\n')[1]).toBe('DPCN/2627/000001,2026-11-20,DP/2627/000009,DP-20261120-0001,Maharashtra,27,1000.00,0.00,0.00,180.00,1180.00');
  });

  it('reads months as YYYY-MM', () => {
    expect(isReportMonth('2026-11')).toBe(true);
    expect(isReportMonth('2026-13')).toBe(false);
    expect(isReportMonth('26-11')).toBe(false);
  });
});
