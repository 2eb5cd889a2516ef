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

const rupeeFormat = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const compactFigure = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });
const LAKH = 100_000;
const CRORE = 10_000_000;

/**
 * '₹1,23,456.00' (lakh grouping); with `compact`, amounts of ₹1,00,000 and above read '₹1.23 L' and from
 * ₹1,00,00,000 '₹4.5 Cr'. Built by hand rather than with Intl's compact notation, whose 'L'/'Cr' suffixes, spacing
 * and rounding differ between ICU versions (the server's Node and the shopper's browser would disagree).
 */
export function formatRupees(rupees: number, options: { compact?: boolean } = {}): string {
  const size = Math.abs(rupees);
  if (!options.compact || size < LAKH) return rupeeFormat.format(rupees);
  // 99,99,999 rounds to 100 L at two decimals; it reads better as 1 Cr.
  const inLakhs = Math.round((size / LAKH) * 100) / 100;
  const [unit, suffix] = inLakhs >= 100 ? [CRORE, 'Cr'] : [LAKH, 'L'];
  return `${rupees < 0 ? '-' : ''}₹${compactFigure.format(size / unit)} ${suffix}`;
}

export function formatPaise(paise: Paise, options: { compact?: boolean } = {}): string {
  return formatRupees(paiseToRupees(paise), options);
}
