import { describe, expect, it } from 'vitest';
import { addressLine, startingAddress } from './address-book.ts';

describe('the address book', () => {
  it('starts the checkout from the default address, else the first one saved, else none', () => {
    expect(startingAddress([{ id: 'a', isDefault: false }, { id: 'b', isDefault: true }])?.id).toBe('b');
    expect(startingAddress([{ id: 'a', isDefault: false }, { id: 'b', isDefault: false }])?.id).toBe('a');
    expect(startingAddress([])).toBeNull();
  });

  it('shows an address on one line', () => {
    expect(addressLine({ street: '12 Moonlit Lane', city: 'Pune', zipCode: '411001', state: 'Maharashtra' })).toBe('12 Moonlit Lane, Pune 411001, Maharashtra');
  });
});
