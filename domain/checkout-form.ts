/** How the checkout form starts: the signed-in customer's name and e-mail, India as the country. */
import type { ShippingDetails } from './shipping-details.ts';

export const DEFAULT_COUNTRY = 'India';

/** Splits on the first space: 'Asha Rani Verma' is first name 'Asha', last name 'Rani Verma'. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const name = fullName.trim().replace(/\s+/g, ' ');
  const space = name.indexOf(' ');
  return space === -1 ? { firstName: name, lastName: '' } : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

export function initialShippingDetails(user: { name: string; email: string; phone?: string | null } | null): ShippingDetails {
  const { firstName, lastName } = splitName(user?.name ?? '');
  return { firstName, lastName, email: user?.email ?? '', phone: user?.phone ?? '', street: '', city: '', state: '', zipCode: '', country: DEFAULT_COUNTRY };
}

/** The payment order's customer and address, from the form (trimmed; the server checks them again). */
export function paymentParties(details: ShippingDetails) {
  const value = (field: keyof ShippingDetails) => details[field].trim();
  return {
    customerInfo: { name: `${value('firstName')} ${value('lastName')}`.trim(), email: value('email'), phone: value('phone') },
    shippingAddress: { street: value('street'), city: value('city'), state: value('state'), zipCode: value('zipCode'), country: value('country') },
  };
}

/** Server field paths ('customerInfo.email', 'shippingAddress.zipCode') mapped back to the form's fields. */
export function formFieldOf(serverField: string): keyof ShippingDetails | null {
  const last = serverField.split('.').at(-1) ?? '';
  if (last === 'name') return 'firstName';
  const fields: readonly string[] = ['firstName', 'lastName', 'email', 'phone', 'street', 'city', 'state', 'zipCode', 'country'];
  return fields.includes(last) ? (last as keyof ShippingDetails) : null;
}

/** The phone and address of the customer's last order, as the orders list carries them. */
export interface LastOrderContact {
  customerPhone: string;
  /** Null when that order bought gift cards alone: only its phone is taken then. */
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country: string } | null;
}

/**
 * A returning customer's form, filled from their last order where it is still empty: the shop keeps no address
 * book yet, and the last address is where most second orders go. Nothing the shopper typed is replaced.
 */
export function withLastOrderContact(details: ShippingDetails, last: LastOrderContact | undefined): ShippingDetails {
  if (!last) return details;
  const fill = { phone: last.customerPhone, ...last.shippingAddress };
  const next = { ...details };
  for (const [field, value] of Object.entries(fill) as [keyof ShippingDetails, string][]) {
    // The country starts as India, so it counts as empty until the shopper changes it.
    const empty = !next[field].trim() || (field === 'country' && next.country === DEFAULT_COUNTRY);
    if (empty && value?.trim()) next[field] = value;
  }
  return next;
}

/**
 * The checkout form kept in the tab's session storage (read back after a reload), or null when what was kept is
 * not a form: every field must be text, and only the form's own fields are taken.
 */
export function parseCheckoutDraft(raw: string | null, fields: readonly (keyof ShippingDetails)[]): Partial<ShippingDetails> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const draft: Partial<ShippingDetails> = {};
    for (const field of fields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || value.length > 500) return null;
      draft[field] = value;
    }
    return draft;
  } catch {
    return null;
  }
}
