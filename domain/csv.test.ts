import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csvCell('plain@deosil.in')).toBe('plain@deosil.in');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('defuses cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+91 98')).toBe("'+91 98");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-2.5)).toBe('-2.5');
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(toCsv([['Email', 'Subscribed'], ['x@y.in', '2026-11-21']])).toBe('Email,Subscribed\r\nx@y.in,2026-11-21\r\n');
  });
});
