import { describe, expect, it } from 'vitest';
import { customerPaymentStatus, isPartlyRefunded } from './payment-status.ts';

describe('customerPaymentStatus', () => {
  it('says a paid order is paid, and partially refunded once some of it went back', () => {
    expect(customerPaymentStatus({ paymentStatus: 'paid', refundedAmount: 0 })).toBe('Paid');
    expect(customerPaymentStatus({ paymentStatus: 'paid', refundedAmount: 1199 })).toBe('Partially refunded');
    expect(isPartlyRefunded({ paymentStatus: 'paid', refundedAmount: 0.01 })).toBe(true);
  });

  it('says a wholly refunded order is refunded, and a cash-on-delivery one is paid on delivery', () => {
    expect(customerPaymentStatus({ paymentStatus: 'refunded', refundedAmount: 2398 })).toBe('Refunded');
    expect(isPartlyRefunded({ paymentStatus: 'refunded', refundedAmount: 2398 })).toBe(false);
    expect(customerPaymentStatus({ paymentStatus: 'cod_pending', refundedAmount: 0 })).toBe('Pay on delivery');
  });
});
