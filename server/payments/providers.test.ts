import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay } from '../../tests/support/fake-razorpay.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { RazorpayProvider } from './razorpay-provider.ts';
import { paymentSignature } from './razorpay-signature.ts';
import { SANDBOX_REFUNDS_KEPT, SandboxProvider } from './sandbox-provider.ts';

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

  it('refunds a captured payment once per idempotency key, and passes on Razorpay refusals', async () => {
    const provider = new RazorpayProvider({ ...credentials, apiBase: fake.url });
    fake.capture('pay_ProviderTest01', 50_000);
    const input = { paymentId: 'pay_ProviderTest01', amountPaise: 50_000, idempotencyKey: 'refund-order-0001', receipt: 'DP-1' };
    const first = await provider.refund(input);
    expect(first).toEqual({ id: expect.stringMatching(/^rfnd_/), amount: 50_000, status: 'processed' });
    // A retry after a lost answer gets the same refund back, not a second one.
    expect(await provider.refund(input)).toEqual(first);
    expect(fake.refunds.filter((refund) => refund.payment_id === 'pay_ProviderTest01')).toHaveLength(1);
    await expect(provider.refund({ ...input, idempotencyKey: 'refund-order-0002' })).rejects.toThrow('fully refunded already');
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

  it('settles test refunds at once and answers a repeated key with the first refund', async () => {
    const sandbox = new SandboxProvider('sandbox-secret');
    const refund = await sandbox.refund({ paymentId: 'pay_x', amountPaise: 10_000, idempotencyKey: 'refund-1' });
    expect(refund).toEqual({ id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/), amount: 10_000, status: 'processed' });
    expect(await sandbox.refund({ paymentId: 'pay_x', amountPaise: 10_000, idempotencyKey: 'refund-1' })).toEqual(refund);
    expect((await sandbox.refund({ paymentId: 'pay_y', amountPaise: 10_000, idempotencyKey: 'refund-2' })).id).not.toBe(refund.id);
  });

  it('remembers a bounded number of refund keys, so a long-running sandbox shop does not grow with its refunds', async () => {
    const sandbox = new SandboxProvider('sandbox-secret');
    const first = await sandbox.refund({ paymentId: 'pay_x', amountPaise: 10_000, idempotencyKey: 'refund-first' });
    const retried = await sandbox.refund({ paymentId: 'pay_r', amountPaise: 10_000, idempotencyKey: 'refund-retried' });
    for (let index = 0; index < SANDBOX_REFUNDS_KEPT - 1; index += 1) {
      await sandbox.refund({ paymentId: `pay_${index}`, amountPaise: 10_000, idempotencyKey: `refund-${index}` });
      // A key asked for again stays remembered while keys not asked for again are forgotten first.
      if (index % 1000 === 0) expect(await sandbox.refund({ paymentId: 'pay_r', amountPaise: 10_000, idempotencyKey: 'refund-retried' })).toEqual(retried);
    }
    expect(await sandbox.refund({ paymentId: 'pay_r', amountPaise: 10_000, idempotencyKey: 'refund-retried' })).toEqual(retried);
    expect((await sandbox.refund({ paymentId: 'pay_x', amountPaise: 10_000, idempotencyKey: 'refund-first' })).id).not.toBe(first.id);
  });

  it('refuses amounts under one rupee, as Razorpay does', async () => {
    await expect(new SandboxProvider('s').createOrder({ amountPaise: 99, receipt: 'x' })).rejects.toThrow('minimum amount');
  });
});
