import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE128_PATTERNS, code128Symbols, code128Widths } from './code128.ts';

/** Reads widths back into symbols the way a scanner does: eleven modules a symbol, the stop thirteen. */
function scan(widths: number[]): number[] {
  const symbols: number[] = [];
  for (let at = 0; at < widths.length - 7; at += 6) symbols.push(CODE128_PATTERNS.indexOf(widths.slice(at, at + 6).join('')));
  return symbols;
}

describe('Code 128', () => {
  it('has 106 symbols of eleven modules and a stop of thirteen, each with three bars', () => {
    expect(CODE128_PATTERNS).toHaveLength(107);
    expect(new Set(CODE128_PATTERNS).size).toBe(107);
    for (const pattern of CODE128_PATTERNS.slice(0, 106)) expect([...pattern].reduce((sum, width) => sum + Number(width), 0)).toBe(11);
    expect([...CODE128_PATTERNS[106]!].reduce((sum, width) => sum + Number(width), 0)).toBe(13);
  });

  it('encodes characters one by one (set B) with the check symbol', () => {
    // (104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7) mod 103 = 879 mod 103 = 55
    expect(code128Symbols('PJJ123C')).toEqual([104, 48, 42, 42, 17, 18, 19, 35, 55]);
  });

  it('packs an even run of digits in pairs (set C)', () => {
    // 105 + 19·1 + 4·2 + 14·3 + 24·4 + 75·5 + 15·6 + 40·7 = 1015; 1015 mod 103 = 88
    expect(code128Symbols('19041424751540')).toEqual([105, 19, 4, 14, 24, 75, 15, 40, 88]);
  });

  it('reads back as the symbols it was made of, whatever the AWB', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^[0-9A-Za-z-]{1,30}$/), fc.stringMatching(/^(\d\d){1,15}$/)), (awb) => {
        const widths = code128Widths(awb);
        expect(widths.reduce((sum, width) => sum + width, 0)).toBe(11 * (code128Symbols(awb).length) + 13);
        expect(scan(widths)).toEqual(code128Symbols(awb));
        expect(widths.slice(-7).join('')).toBe('2331112');
      }),
    );
  });

  it('refuses what it cannot encode', () => {
    expect(() => code128Widths('')).toThrow(RangeError);
    expect(() => code128Widths('AWB\u0007')).toThrow(RangeError);
  });
});
