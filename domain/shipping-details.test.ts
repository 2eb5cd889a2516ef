import { describe, expect, it } from 'vitest';
import { pinStateError, shippingErrors, shippingFieldError, validationToast } from './shipping-details.ts';
import { phoneMessages } from './phone.ts';

const valid = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  phone: '+91 98765-43210',
  street: '14 Moonlight Lane',
  city: 'New Delhi',
  state: 'Delhi',
  zipCode: '110001',
  country: 'India',
};

describe('checkout shipping rules', () => {
  it('accepts a complete Indian address', () => {
    expect(shippingErrors(valid)).toEqual({});
  });

  it('says what is missing, field by field, in the spec wording', () => {
    expect(shippingErrors({})).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      street: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      country: 'Country is required',
    });
  });

  it.each([
    ['firstName', 'M', 'First name must be at least 2 characters and contain only letters'],
    ['lastName', 'Iyer2', 'Last name must be at least 2 characters and contain only letters'],
    ['email', 'meera@', 'Please enter a valid email address'],
    ['phone', '12345', phoneMessages.invalid],
    ['phone', '+91 98765 4321O', phoneMessages.invalid],
    ['phone', '+1 415 555 0100', phoneMessages.invalid],
    ['phone', '5876543210', phoneMessages.invalid],
    ['street', 'Lane', 'Street address must be at least 5 characters'],
    ['city', 'Delhi 6', 'City must contain only letters'],
    ['state', '<script>', 'State must contain only letters'],
    ['zipCode', '1100', 'Please enter a valid ZIP code'],
    ['state', 'Atlantis', 'Please choose a state or union territory of India'],
    ['zipCode', '11000', 'PIN code must be 6 digits'],
    ['zipCode', '1100011', 'PIN code must be 6 digits'],
    // Six digits, but no PIN code starts with 0: said so, not asked for six digits again.
    ['zipCode', '000000', '000000 is not a valid PIN code'],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(shippingFieldError(field, value)).toBe(message);
  });

  it('refuses a PIN code of another state on the PIN code, naming both states', () => {
    expect(shippingErrors({ ...valid, state: 'Karnataka', zipCode: '411001' })).toEqual({ zipCode: 'PIN code 411001 is in Maharashtra, not Karnataka' });
    expect(pinStateError('990001', 'Delhi')).toBe('PIN code 990001 is not a PIN code of any Indian state');
    expect(pinStateError('560 001', 'karnataka')).toBeNull();
    // A field already wrong on its own says so itself; the pair is not judged.
    expect(pinStateError('4110', 'Karnataka')).toBeNull();
    expect(pinStateError('411001', 'Atlantis')).toBeNull();
  });

  it('trims before checking and caps lengths', () => {
    expect(shippingFieldError('city', '  Pune  ')).toBeNull();
    expect(shippingFieldError('street', 'x'.repeat(10_240))).toBe('street must be at most 200 characters');
  });

  it('words the summary toast', () => {
    expect(validationToast(3)).toBe('Please fix 3 validation error(s) before continuing.');
  });
});
