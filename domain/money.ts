/**
 * Money is carried as integer paise everywhere inside the shop (database, domain rules) so that sums and
 * discounts never suffer floating-point drift. Rupees appear only at the edges: the JSON API speaks rupees
 * with two decimals, as the storefront has always done, and people see formatted rupees.
 */
export type Paise = number & { readonly __brand?: 'paise' };

export const PAISE_PER_RUPEE = 100;

export function rupeesToPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError(`Not an amount: ${rupees}`);
  // Round half away from zero on the third decimal: 10.005 rupees is 1001 paise, not 1000.
  return Math.round(rupees * PAISE_PER_RUPEE + Number.EPSILON * Math.sign(rupees)) as Paise;
}

export function paiseToRupees(paise: Paise): number {
  return Math.round(paise) / PAISE_PER_RUPEE;
}

const LAKH = 100_000;
const CRORE = 10_000_000;

/** '1234567' → '12,34,567': the last three digits, then pairs, as Indians write numbers. */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.length % 2 === 1 ? [head[0]!, ...(head.slice(1).match(/\d\d/g) ?? [])] : (head.match(/\d\d/g) ?? []);
  return `${pairs.join(',')},${digits.slice(-3)}`;
}

/** A non-negative amount at two decimals: '1,23,456.50'. */
function twoDecimals(size: number): string {
  const paise = Math.round(size * 100);
  return `${groupIndian(String(Math.floor(paise / 100)))}.${String(paise % 100).padStart(2, '0')}`;
}

/** A non-negative figure with up to two decimals and no trailing zeros: '12.35', '2.5', '1,234'. */
function upToTwoDecimals(size: number): string {
  const hundredths = Math.round(size * 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  const whole = groupIndian(String(Math.floor(hundredths / 100)));
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * '₹1,23,456.00' (lakh grouping); with `compact`, amounts of ₹1,00,000 and above read '₹1.23 L' and from
 * ₹1,00,00,000 '₹4.5 Cr'. Built by hand rather than with Intl: its compact 'L'/'Cr' suffixes, spacing and
 * rounding differ between ICU versions (the server's Node and the shopper's browser would disagree), and the
 * first Intl.NumberFormat a phone builds costs a noticeable slice of the page's start-up.
 */
export function formatRupees(rupees: number, options: { compact?: boolean } = {}): string {
  const size = Math.abs(rupees);
  const sign = rupees < 0 && Math.round(size * 100) > 0 ? '-' : '';
  if (!options.compact || size < LAKH) return `${sign}₹${twoDecimals(size)}`;
  // 99,99,999 rounds to 100 L at two decimals; it reads better as 1 Cr.
  const inLakhs = Math.round((size / LAKH) * 100) / 100;
  const [unit, suffix] = inLakhs >= 100 ? [CRORE, 'Cr'] : [LAKH, 'L'];
  return `${sign}₹${upToTwoDecimals(size / unit)} ${suffix}`;
}

export function formatPaise(paise: Paise, options: { compact?: boolean } = {}): string {
  return formatRupees(paiseToRupees(paise), options);
}

/** Whole rupees without paise ('₹1,999'), paise only when there are some ('₹1,999.50'): for offers in a few words. */
export function formatPaiseBrief(paise: Paise): string {
  return formatPaise(paise).replace(/\.00$/, '');
}

/** Divides an integer amount into integer parts proportional to `weights`, adding up exactly (largest remainder). */
export function shareOut(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  // Integer arithmetic: amount × weight stays far below 2^53 for any basket, so no fraction is misjudged.
  const parts = weights.map((weight) => Math.floor((amount * weight) / total));
  const remainders = weights.map((weight) => (amount * weight) % total);
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  // The biggest remainders get the paise that flooring left over; ties go to the earlier line.
  const order = remainders.map((remainder, index) => ({ index, remainder })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
