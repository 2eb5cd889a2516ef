/**
 * Code 128 bar widths for a courier's AWB on the shop's own labels (ISO/IEC 15417). Digits in pairs (code set C)
 * when the AWB is an even run of digits, as most Indian couriers' are: half the width, so a 4-inch label's
 * scanner reads it with wider bars. Otherwise code set B (printable ASCII). Pure.
 */

/** Each symbol's six alternating bar and space widths (in modules); the stop symbol has seven. */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;
export const CODE128_PATTERNS: readonly string[] = PATTERNS;

const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of `text`, start and check symbol included (not the stop). */
export function code128Symbols(text: string): number[] {
  if (text.length === 0) throw new RangeError('Code 128 needs at least one character');
  let symbols: number[];
  if (/^(\d\d)+$/.test(text)) {
    symbols = [START_C, ...Array.from({ length: text.length / 2 }, (_, index) => Number(text.slice(index * 2, index * 2 + 2)))];
  } else {
    symbols = [START_B];
    for (const char of text) {
      const code = char.charCodeAt(0);
      if (code < 32 || code > 126) throw new RangeError(`Code 128 set B cannot encode ${JSON.stringify(char)}`);
      symbols.push(code - 32);
    }
  }
  // The check symbol: the start's value plus each symbol's value times its position, modulo 103.
  const check = symbols.reduce((sum, value, index) => sum + value * Math.max(index, 1), 0) % 103;
  return [...symbols, check];
}

/** Widths in modules, bar first and alternating bar and space, with the stop symbol; no quiet zones. */
export function code128Widths(text: string): number[] {
  return [...code128Symbols(text), STOP].flatMap((symbol) => [...PATTERNS[symbol]!].map(Number));
}
