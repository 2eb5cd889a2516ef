/**
 * The seller's GST registration and the numbering of its tax documents.
 *
 * A GSTIN is 15 characters: the state code (2 digits), the holder's PAN (5 letters, 4 digits, a letter), the
 * registration's number within the PAN (1-9 or a letter), 'Z', and a check character over the first 14 (a
 * Luhn mod 36 sum). The state code is the seller's state, which decides CGST + SGST against IGST.
 */
import { stateByCode, stateByName } from './india-states.ts';
import { SHOP_TIME_ZONE } from './shop-clock.ts';

const GSTIN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The check character of a GSTIN's first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const product = ALPHABET.indexOf(first14[index]!) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** What is wrong with a GSTIN, or null when it is a well-formed one of an Indian state with the right check character. */
export function gstinError(gstin: string): string | null {
  const match = GSTIN.exec(gstin);
  if (!match) return 'must be 15 characters: state code, PAN, entity number, Z and a check character (e.g. 29ABCDE1234F1Z5)';
  if (!stateByCode(match[1]!)) return `starts with ${match[1]}, which is no Indian state's GST code`;
  if (gstinCheckCharacter(gstin) !== gstin[14]) return `has the wrong check character (${gstin[14]}; expected ${gstinCheckCharacter(gstin)})`;
  return null;
}

/**
 * What is wrong with a company's Corporate Identity Number (Companies Act 2013 s.12(3)(c) has a company print it on
 * its invoices), or null: 21 characters, listed (L) or unlisted (U), a 5-digit industry code, the state of the
 * registrar (2 letters), the year of incorporation, the kind of company (PTC, PLC, OPC, …) and a 6-digit number.
 */
export function cinError(cin: string): string | null {
  return /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/.test(cin) ? null : 'must be a 21-character Corporate Identity Number, such as U24246KA2021PTC123456';
}

/**
 * A registered business buying for itself gives its GSTIN and legal name, so its tax invoice names them (CGST rule
 * 46(e)) and it can claim the input tax. The GSTIN must be a valid one of the state the order is billed to: the shop
 * takes one address, which is both where the goods go and whom they are billed to, and a registration elsewhere
 * would put the wrong place of supply on the invoice (the stricter reading; decision 34). What is wrong, by field
 * (`gstin`, `legalName`), or null.
 */
export function businessBuyerError(business: { gstin: string; legalName: string }, billingState: string | null): { field: 'gstin' | 'legalName'; message: string } | null {
  const problem = gstinError(business.gstin);
  if (problem) return { field: 'gstin', message: `GSTIN ${problem}` };
  const registered = stateByCode(gstinStateCode(business.gstin))!;
  const billed = billingState ? stateByName(billingState) : null;
  if (billed && billed.code !== registered.code) {
    return { field: 'gstin', message: `GSTIN ${business.gstin} is registered in ${registered.name}, but the order is billed to ${billed.name}: give the GSTIN of your ${billed.name} registration, or an address there` };
  }
  const name = business.legalName.trim();
  if (name.length < 2 || name.length > 120) return { field: 'legalName', message: 'Legal name must be 2 to 120 characters, as on the GST registration' };
  return null;
}

/** The GST state code a GSTIN belongs to ('29' for 29ABCDE1234F1Z5). */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

export type DocumentSeries = 'invoice' | 'credit-note';

/** Each series restarts every financial year; the prefixes keep the two apart at a glance. */
export const SERIES_PREFIX: Record<DocumentSeries, string> = { invoice: 'DP', 'credit-note': 'DPCN' };
const SEQUENCE_DIGITS = 6;

/**
 * India's financial year (1 April to 31 March, on India's clock) a moment falls in, as its four-digit code:
 * 31 March 2027 23:59 IST is '2627', 1 April 2027 00:00 IST is '2728'.
 */
// Made once: building an Intl formatter costs far more than formatting with it, and every invoice asks.
const YEAR_AND_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit' });

export function financialYear(moment: Date): string {
  const [year, month] = YEAR_AND_MONTH.format(moment)
    .split('-')
    .map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document number: 'DP/2627/000123' for the 123rd invoice of FY 2026-27, 'DPCN/2627/000007' for a credit note.
 * At most 16 characters of letters, digits and '/', as rule 46 allows.
 */
export function documentNumber(series: DocumentSeries, year: string, sequence: number): string {
  const { prefix, digits, limit } = documentNumbering(series, year);
  if (!Number.isInteger(sequence) || sequence < 1 || sequence >= limit) throw new RangeError(`Sequence ${sequence} outside 1..${limit - 1}`);
  return `${prefix}${String(sequence).padStart(digits, '0')}`;
}

/**
 * How a series' numbers are written in a year: the fixed prefix ('DP/2627/'), then the sequence padded to
 * `digits`, which must stay below `limit`. For a statement that draws the sequence and writes the number at once.
 */
export function documentNumbering(series: DocumentSeries, year: string): { prefix: string; digits: number; limit: number } {
  return { prefix: `${SERIES_PREFIX[series]}/${year}/`, digits: SEQUENCE_DIGITS, limit: 10 ** SEQUENCE_DIGITS };
}
