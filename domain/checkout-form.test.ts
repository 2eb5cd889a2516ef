import { describe, expect, it } from 'vitest';
import { formFieldOf, initialShippingDetails, parseCheckoutDraft, paymentParties, splitName, withLastOrderContact } from './checkout-form.ts';

describe('checkout form', () => {
  it('splits the name on the first space', () => {
    expect(splitName('Asha Rani  Verma')).toEqual({ firstName: 'Asha', lastName: 'Rani Verma' });
    expect(splitName('Madonna')).toEqual({ firstName: 'Madonna', lastName: '' });
    expect(splitName('')).toEqual({ firstName: '', lastName: '' });
  });

  it('starts with the customer name and e-mail and India', () => {
    expect(initialShippingDetails({ name: 'Asha Verma', email: 'asha@example.in' })).toMatchObject({ firstName: 'Asha', lastName: 'Verma', email: 'asha@example.in', country: 'India', street: '' });
    expect(initialShippingDetails(null).country).toBe('India');
  });

  it('sends the name, contact and address trimmed', () => {
    const details = { ...initialShippingDetails({ name: 'Asha Verma', email: ' asha@example.in ' }), phone: '9876543210', street: ' 12 Lotus Lane ', city: 'Pune', state: 'MH', zipCode: '411001' };
    expect(paymentParties(details)).toEqual({
      customerInfo: { name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210' },
      shippingAddress: { street: '12 Lotus Lane', city: 'Pune', state: 'MH', zipCode: '411001', country: 'India' },
    });
  });

  it('maps server field paths back to form fields', () => {
    expect(formFieldOf('shippingAddress.zipCode')).toBe('zipCode');
    expect(formFieldOf('customerInfo.name')).toBe('firstName');
    expect(formFieldOf('items.0.quantity')).toBeNull();
  });
});

describe("a returning customer's checkout", () => {
  const empty = { firstName: 'Asha', lastName: 'Verma', email: 'asha@deosil.test', phone: '', street: '', city: '', state: '', zipCode: '', country: 'India' };
  const last = { customerPhone: '+91 98765 43210', shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' } };

  it('fills the phone and address from the last order', () => {
    expect(withLastOrderContact(empty, last)).toEqual({ ...empty, phone: '+91 98765 43210', street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001' });
  });

  it('takes only the phone from a last order of gift cards alone, which had no address', () => {
    expect(withLastOrderContact(empty, { ...last, shippingAddress: null })).toEqual({ ...empty, phone: '+91 98765 43210' });
  });

  it('never replaces what the shopper typed, and changes nothing without a last order', () => {
    const typed = { ...empty, street: '7 Lantern Street', zipCode: '302001' };
    expect(withLastOrderContact(typed, last)).toMatchObject({ street: '7 Lantern Street', zipCode: '302001', city: 'Pune' });
    expect(withLastOrderContact(empty, undefined)).toBe(empty);
  });

  it('reads back a kept form, and nothing from what is not one', () => {
    const fields = ['street', 'zipCode'] as const;
    expect(parseCheckoutDraft(JSON.stringify({ street: '12 Moonlit Lane', zipCode: '411001', token: 'x' }), fields)).toEqual({ street: '12 Moonlit Lane', zipCode: '411001' });
    expect(parseCheckoutDraft(JSON.stringify({ street: 12 }), fields)).toBeNull();
    expect(parseCheckoutDraft('{not json', fields)).toBeNull();
    expect(parseCheckoutDraft(null, fields)).toBeNull();
  });
});
