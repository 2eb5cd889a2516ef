/**
 * India's mobile numbers, one rule for every phone field (sign-in, addresses, checkout, cash on delivery).
 *
 * A mobile number in India is ten digits starting 6, 7, 8 or 9 (National Numbering Plan 2003, as amended by the
 * Department of Telecommunications: the 6 series opened in 2018). Shoppers type it in many ways: with +91, 91 or
 * a trunk 0 in front, in groups split by spaces or dashes. All of them are one number, kept as '+91XXXXXXXXXX'.
 */

export const INDIAN_MOBILE_PATTERN = /^[6-9]\d{9}$/;

export const phoneMessages = {
  required: 'Phone number is required',
  invalid: 'Please enter a 10-digit Indian mobile number (starting 6, 7, 8 or 9)',
} as const;

/** What a shopper may type around the digits: spaces, dashes, a leading + and brackets round a group. */
const TYPED = /^\+?[\d\s\-()]+$/;

/** The ten national digits of a typed Indian mobile number, or null when it is not one. */
export function nationalMobile(raw: string | null | undefined): string | null {
  const typed = (raw ?? '').trim();
  if (!typed || !TYPED.test(typed) || typed.length > 20) return null;
  let digits = typed.replace(/\D/g, '');
  if (typed.startsWith('+')) {
    if (!digits.startsWith('91')) return null;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return INDIAN_MOBILE_PATTERN.test(digits) ? digits : null;
}

/** '+919876543210': how a number is stored and compared. */
export function canonicalMobile(raw: string | null | undefined): string | null {
  const national = nationalMobile(raw);
  return national ? `+91${national}` : null;
}

/** '+91 98765 43210': how a number is shown, in the 5-5 grouping Indians read aloud. */
export function displayMobile(raw: string | null | undefined): string {
  const national = nationalMobile(raw);
  return national ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : (raw ?? '').trim();
}

/** The complaint about a phone field, or null when it holds an Indian mobile number. */
export function phoneProblem(raw: string | null | undefined, options: { required?: boolean } = {}): string | null {
  const typed = (raw ?? '').trim();
  if (!typed) return options.required === false ? null : phoneMessages.required;
  return nationalMobile(typed) ? null : phoneMessages.invalid;
}

/** '+91 ••••• •3210': enough for a shopper to recognise their number on a screen someone else may see. */
export function maskedMobile(raw: string): string {
  const national = nationalMobile(raw) ?? '';
  return `+91 ••••• •${national.slice(6)}`;
}
