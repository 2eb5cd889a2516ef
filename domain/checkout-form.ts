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
