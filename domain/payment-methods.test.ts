import { describe, expect, it } from 'vitest';
import { onlinePaymentMethod, paymentMethodLabel } from './payment-methods.ts';

describe('onlinePaymentMethod', () => {
  it('keeps the method Razorpay reported for the payment', () => {
    expect(onlinePaymentMethod('razorpay', 'upi')).toBe('upi');
    expect(onlinePaymentMethod('razorpay', 'NetBanking')).toBe('netbanking');
  });

  it('marks every sandbox payment as a sandbox one, whatever it claimed', () => {
    expect(onlinePaymentMethod('sandbox', 'card')).toBe('sandbox');
    expect(onlinePaymentMethod('sandbox', null)).toBe('sandbox');
  });

  it('falls back to card when Razorpay names no method', () => {
    expect(onlinePaymentMethod('razorpay', undefined)).toBe('card');
    expect(onlinePaymentMethod('razorpay', ' ')).toBe('card');
  });
});

describe('paymentMethodLabel', () => {
  it('names each way of paying in words', () => {
    expect(paymentMethodLabel('upi')).toBe('UPI');
    expect(paymentMethodLabel('card')).toBe('Card');
    expect(paymentMethodLabel('netbanking')).toBe('Net banking');
    expect(paymentMethodLabel('wallet')).toBe('Wallet');
    expect(paymentMethodLabel('cod')).toBe('Cash on delivery');
    expect(paymentMethodLabel('sandbox')).toBe('Sandbox test payment (no money moved)');
  });

  it('shows a method it has no words for without underscores', () => {
    expect(paymentMethodLabel('bank_transfer')).toBe('bank transfer');
  });
});
