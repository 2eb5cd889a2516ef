import { describe, expect, it } from 'vitest';
import { formFieldOf, initialShippingDetails, paymentParties, splitName } from './checkout-form.ts';

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
