import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from '../../tests/support/fake-razorpay.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { RazorpayProvider } from './razorpay-provider.ts';
import { paymentSignature } from './razorpay-signature.ts';
import { SandboxProvider } from './sandbox-provider.ts';

const credentials = { keyId: 'rzp_test_key', keySecret: 'test_secret' };
let fake: Awaited<ReturnType<typeof startFakeRazorpay>>;

beforeAll(async () => {
  fake = await startFakeRazorpay(credentials);
});
afterAll(async () => {
  await fake?.close();
});

describe('RazorpayProvider against a local Razorpay Orders API', () => {
  it('creates an INR order in paise with our checkout id as the receipt', async () => {
    const provider = new RazorpayProvider({ ...credentials, apiBase: fake.url });
    const order = await provider.createOrder({ amountPaise: 249_900, receipt: 'chk_42' });
    expect(order).toEqual({ id: expect.stringMatching(/^order_/), amount: 249_900, currency: 'INR' });
    expect(fake.orders.at(-1)).toMatchObject({ amount: 249_900, currency: 'INR', receipt: 'chk_42' });
  });

  it('reports Razorpay refusals with their description', async () => {
    const wrongKey = new RazorpayProvider({ keyId: 'rzp_test_key', keySecret: 'nope', apiBase: fake.url });
    await expect(wrongKey.createOrder({ amountPaise: 10_000, receipt: 'chk_1' })).rejects.toThrow('Authentication failed');
    const provider = new RazorpayProvider({ ...credentials, apiBase: fake.url });
    await expect(provider.createOrder({ amountPaise: 50, receipt: 'chk_2' })).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('fails clearly when Razorpay cannot be reached', async () => {
    const provider = new RazorpayProvider({ ...credentials, apiBase: 'http://127.0.0.1:1' });
    await expect(provider.createOrder({ amountPaise: 10_000, receipt: 'chk_3' })).rejects.toThrow('could not be reached');
  });

  it('verifies signatures with the key secret', () => {
    const provider = new RazorpayProvider(credentials);
    const signature = paymentSignature('order_A', 'pay_B', credentials.keySecret);
    expect(provider.isValidPayment({ orderId: 'order_A', paymentId: 'pay_B', signature })).toBe(true);
    expect(provider.isValidPayment({ orderId: 'order_C', paymentId: 'pay_B', signature })).toBe(false);
  });
});

describe('SandboxProvider', () => {
  it('issues Razorpay-shaped ids and signs test payments that verify', async () => {
    const sandbox = new SandboxProvider('sandbox-secret');
    const order = await sandbox.createOrder({ amountPaise: 10_000, receipt: 'chk_9' });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    const paid = sandbox.pay(order.id);
    expect(paid.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(sandbox.isValidPayment({ orderId: order.id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })).toBe(true);
    expect(sandbox.isValidPayment({ orderId: 'order_other', paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature })).toBe(false);
  });

  it('refuses amounts under one rupee, as Razorpay does', async () => {
    await expect(new SandboxProvider('s').createOrder({ amountPaise: 99, receipt: 'x' })).rejects.toThrow('minimum amount');
  });
});
