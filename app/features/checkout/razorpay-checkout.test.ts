import { describe, expect, it, vi } from 'vitest';
import type { CreatePaymentOrderResponse } from '../../../contracts/payments.ts';
import { razorpayOptions } from './razorpay-checkout.ts';

const order: CreatePaymentOrderResponse = {
  success: true,
  razorpayOrder: { id: 'order_Abc123', amount: 254915, currency: 'INR' },
  key: 'rzp_test_key',
  provider: 'razorpay',
  amount: 2549.15,
  activeOffers: [],
};
const payer = { name: 'Mira Night', email: 'mira@deosil.test', phone: '+91 98765 43210' };

describe('Razorpay Checkout options', () => {
  it('charge the server\'s payment order under the shop\'s name, purple, without EMI, with the payer prefilled', () => {
    const outcome = { paid: vi.fn(), failed: vi.fn(), dismissed: vi.fn() };
    const options = razorpayOptions(order, payer, outcome);
    expect(options).toMatchObject({
      key: 'rzp_test_key',
      amount: 254915,
      currency: 'INR',
      order_id: 'order_Abc123',
      name: 'Deosil Perfumes',
      theme: { color: '#7c3aed' },
      method: { emi: false },
      config: { display: { hide: [{ method: 'emi' }] } },
      prefill: { name: 'Mira Night', email: 'mira@deosil.test', contact: '+91 98765 43210' },
    });
    expect(options).not.toHaveProperty('offers');
    expect(razorpayOptions({ ...order, activeOffers: ['offer_Diwali'] }, payer, outcome)).toMatchObject({ offers: ['offer_Diwali'] });
  });

  it('hand the payment to the same handlers the sandbox uses', () => {
    const outcome = { paid: vi.fn(), failed: vi.fn(), dismissed: vi.fn() };
    const options = razorpayOptions(order, payer, outcome) as { handler(response: unknown): void; modal: { ondismiss(): void } };
    const confirmation = { razorpay_order_id: 'order_Abc123', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' };
    options.handler(confirmation);
    expect(outcome.paid).toHaveBeenCalledWith(confirmation);
    options.modal.ondismiss();
    expect(outcome.dismissed).toHaveBeenCalledOnce();
  });
});
