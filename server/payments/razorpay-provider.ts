import { z } from 'zod';
import { PaymentProviderError, type PaymentProvider, type ProviderOrder, type ProviderPayment, type ProviderRefund } from './payment-provider.ts';
import { isValidPaymentSignature } from './razorpay-signature.ts';

export const RAZORPAY_DEFAULT_API_BASE = 'https://api.razorpay.com';
const REQUEST_TIMEOUT_MS = 10_000;

const orderReplySchema = z.object({ id: z.string().startsWith('order_'), amount: z.number().int(), currency: z.literal('INR') });
const refundReplySchema = z.object({ id: z.string().startsWith('rfnd_'), amount: z.number().int(), status: z.enum(['pending', 'processed', 'failed']) });
const paymentReplySchema = z
  .object({
    id: z.string().startsWith('pay_'),
    order_id: z.string().nullable().optional(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
    method: z.string().nullable().optional(),
  })
  .transform((payment): ProviderPayment => ({
    id: payment.id,
    orderId: payment.order_id ?? null,
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    method: payment.method ?? null,
  }));
const errorReplySchema = z.object({ error: z.object({ description: z.string().optional(), code: z.string().optional() }) });

/** Razorpay's Orders, Payments and Refunds APIs (amounts in paise, INR) with HTTP basic auth of key id and secret. */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;

  constructor(private readonly options: { keyId: string; keySecret: string; apiBase?: string; fetch?: typeof fetch }) {}

  get keyId(): string {
    return this.options.keyId;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder> {
    const { status, body } = await this.call(
      'POST',
      '/v1/orders',
      { amount: input.amountPaise, currency: 'INR', receipt: input.receipt, notes: input.notes ?? {} },
      {},
      'Razorpay refused the order',
    );
    const order = orderReplySchema.safeParse(body);
    if (!order.success || order.data.amount !== input.amountPaise) {
      throw new PaymentProviderError('Razorpay answered with an unexpected order', status);
    }
    return order.data;
  }

  isValidPayment(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidPaymentSignature({ ...input, keySecret: this.options.keySecret });
  }

  async capturePayment(paymentId: string, expected: { orderId: string; amountPaise: number }): Promise<ProviderPayment> {
    const path = `/v1/payments/${encodeURIComponent(paymentId)}`;
    const read = async () => this.payment(await this.call('GET', path, undefined, {}, 'Razorpay could not find the payment'));
    const payment = await read();
    const ours = payment.orderId === expected.orderId && payment.amount === expected.amountPaise && payment.currency === 'INR';
    if (payment.status !== 'authorized' || !ours) return payment;
    try {
      return this.payment(await this.call('POST', `${path}/capture`, { amount: expected.amountPaise, currency: 'INR' }, {}, 'Razorpay refused the capture'));
    } catch (error) {
      // The browser's confirmation and the webhook may capture the same payment at once: one of them is refused.
      const now = await read();
      if (now.status === 'captured') return now;
      throw error;
    }
  }

  private payment({ status, body }: { status: number; body: unknown }): ProviderPayment {
    const payment = paymentReplySchema.safeParse(body);
    if (!payment.success) throw new PaymentProviderError('Razorpay answered with an unexpected payment', status);
    return payment.data;
  }

  /** A normal-speed refund; Razorpay's X-Refund-Idempotency header makes a repeated request return the first refund. */
  async refund(input: { paymentId: string; amountPaise: number; idempotencyKey: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderRefund> {
    const { status, body } = await this.call(
      'POST',
      `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
      { amount: input.amountPaise, speed: 'normal', receipt: input.receipt, ...(input.notes ? { notes: input.notes } : {}) },
      { 'x-refund-idempotency': input.idempotencyKey },
      'Razorpay refused the refund',
    );
    const refund = refundReplySchema.safeParse(body);
    if (!refund.success || refund.data.amount !== input.amountPaise) {
      throw new PaymentProviderError('Razorpay answered with an unexpected refund', status);
    }
    return refund.data;
  }

  private async call(method: 'GET' | 'POST', path: string, payload: unknown, headers: Record<string, string>, refusal: string): Promise<{ status: number; body: unknown }> {
    const base = (this.options.apiBase ?? RAZORPAY_DEFAULT_API_BASE).replace(/\/$/, '');
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${base}${path}`, {
        method,
        headers: { authorization: `Basic ${auth}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorReplySchema.safeParse(body);
      throw new PaymentProviderError(parsed.success ? (parsed.data.error.description ?? refusal) : refusal, response.status);
    }
    return { status: response.status, body };
  }
}
