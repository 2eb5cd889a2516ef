import { normalisePin, stateByName, statesForPin } from './india-states.ts';
import { pincodeProblem } from './delivery-promise.ts';
import { phoneProblem } from './phone.ts';

/**
 * The nine checkout fields and their rules (back office spec, section 5). The checkout form shows these messages
 * as the shopper types, and the server refuses the same input with the same words.
 */
export const SHIPPING_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'state', 'zipCode', 'country'] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export type ShippingDetails = Record<ShippingField, string>;

const LETTERS_AND_SPACES = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^[\d\s-]{5,10}$/;
const MAX_LENGTH = 200;

function nameRule(label: string) {
  return (value: string) => {
    if (!value) return `${label} is required`;
    if (value.length < 2 || !LETTERS_AND_SPACES.test(value) || value.length > 60) {
      return `${label} must be at least 2 characters and contain only letters`;
    }
    return null;
  };
}

const RULES: Record<ShippingField, (value: string) => string | null> = {
  firstName: nameRule('First name'),
  lastName: nameRule('Last name'),
  email: (value) => (!value ? 'Email is required' : !EMAIL.test(value) || value.length > 254 ? 'Please enter a valid email address' : null),
  // Couriers and the SMS sign-in reach Indian mobiles only: one rule for every phone field (domain/phone.ts).
  phone: (value) => phoneProblem(value),
  street: (value) => (!value ? 'Street address is required' : value.length < 5 ? 'Street address must be at least 5 characters' : null),
  city: (value) => (!value ? 'City is required' : !LETTERS_AND_SPACES.test(value) ? 'City must contain only letters' : null),
  // The state decides the place of supply on the tax invoice, so it is one of India's states and territories.
  state: (value) =>
    !value
      ? 'State is required'
      : !LETTERS_AND_SPACES.test(value)
        ? 'State must contain only letters'
        : !stateByName(value)
          ? 'Please choose a state or union territory of India'
          : null,
  // The spec's 'ZIP code' messages for an empty or malformed field; then the Indian PIN code's own rule.
  zipCode: (value) =>
    !value ? 'ZIP code is required' : !ZIP.test(value) ? 'Please enter a valid ZIP code' : !normalisePin(value) ? pincodeProblem(value, 'PIN code must be 6 digits') : null,
  country: (value) => (!value ? 'Country is required' : null),
};

/** The message for one field, or null when it is fine. Values are trimmed first. */
export function shippingFieldError(field: ShippingField, raw: string | undefined | null): string | null {
  const value = (raw ?? '').trim();
  if (value.length > MAX_LENGTH) return `${field} must be at most ${MAX_LENGTH} characters`;
  return RULES[field](value);
}

/**
 * The PIN code's complaint about a state it does not belong to ('PIN code 411001 is in Maharashtra, not
 * Karnataka'), or null when it belongs or when either field is already wrong on its own.
 */
export function pinStateError(zipCode: string | undefined | null, state: string | undefined | null): string | null {
  const chosen = stateByName(state ?? '');
  const pin = normalisePin(zipCode ?? '');
  if (!chosen || !pin || shippingFieldError('zipCode', zipCode) || shippingFieldError('state', state)) return null;
  const states = statesForPin(pin);
  if (states.some((candidate) => candidate.code === chosen.code)) return null;
  if (states.length === 0) return `PIN code ${pin} is not a PIN code of any Indian state`;
  return `PIN code ${pin} is in ${states.map((candidate) => candidate.name).join(' or ')}, not ${chosen.name}`;
}

export function shippingErrors(details: Partial<Record<ShippingField, string | null | undefined>>): Partial<Record<ShippingField, string>> {
  const errors: Partial<Record<ShippingField, string>> = {};
  for (const field of SHIPPING_FIELDS) {
    const message = shippingFieldError(field, details[field]);
    if (message) errors[field] = message;
  }
  const mismatch = pinStateError(details.zipCode, details.state);
  if (mismatch) errors.zipCode = mismatch;
  return errors;
}

export function validationToast(errorCount: number): string {
  return `Please fix ${errorCount} validation error(s) before continuing.`;
}
