/** The address book's rules: how many places a customer keeps, and which one the checkout starts from. */

/** Enough for home, office, parents and a few gift recipients; a list of hundreds is no longer a choice. */
export const MAX_SAVED_ADDRESSES = 20;
export const ADDRESS_LABEL_MAX = 30;
export const ADDRESS_LABELS = ['Home', 'Office'] as const;

export interface AddressBookEntry {
  id: string;
  isDefault: boolean;
}

/** The default first, then the rest as they were added (the list the server returns is in that order). */
export function startingAddress<Entry extends AddressBookEntry>(entries: readonly Entry[]): Entry | null {
  return entries.find((entry) => entry.isDefault) ?? entries[0] ?? null;
}

/** '12 Moonlit Lane, Pune 411001, Maharashtra': one line, as a choice among saved addresses shows it. */
export function addressLine(address: { street: string; city: string; zipCode: string; state: string }): string {
  return `${address.street}, ${address.city} ${address.zipCode}, ${address.state}`;
}
