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
const compactRupeeFormat = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 2,
});

/** '₹1,23,456.00' (lakh grouping); with `compact`, amounts of ₹1,00,000 and above read '₹1.23L'. */
export function formatRupees(rupees: number, options: { compact?: boolean } = {}): string {
  if (options.compact && Math.abs(rupees) >= 100_000) return compactRupeeFormat.format(rupees);
  return rupeeFormat.format(rupees);
}

export function formatPaise(paise: Paise, options: { compact?: boolean } = {}): string {
  return formatRupees(paiseToRupees(paise), options);
}
