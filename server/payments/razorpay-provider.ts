import { z } from 'zod';
import { PaymentProviderError, type PaymentProvider, type ProviderOrder } from './payment-provider.ts';
import { isValidPaymentSignature } from './razorpay-signature.ts';

export const RAZORPAY_DEFAULT_API_BASE = 'https://api.razorpay.com';
const REQUEST_TIMEOUT_MS = 10_000;

const orderReplySchema = z.object({ id: z.string().startsWith('order_'), amount: z.number().int(), currency: z.literal('INR') });
const errorReplySchema = z.object({ error: z.object({ description: z.string().optional(), code: z.string().optional() }) });

/** Razorpay's Orders API (amounts in paise, INR) with HTTP basic auth of key id and secret. */
export class RazorpayProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;

  constructor(
    private readonly options: { keyId: string; keySecret: string; apiBase?: string; fetch?: typeof fetch },
  ) {}

  get keyId(): string {
    return this.options.keyId;
  }

  async createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder> {
    const base = (this.options.apiBase ?? RAZORPAY_DEFAULT_API_BASE).replace(/\/$/, '');
    const auth = Buffer.from(`${this.options.keyId}:${this.options.keySecret}`).toString('base64');
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${base}/v1/orders`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: input.amountPaise, currency: 'INR', receipt: input.receipt, notes: input.notes ?? {} }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay could not be reached: ${(error as Error).message}`);
    }
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const parsed = errorReplySchema.safeParse(body);
      throw new PaymentProviderError(parsed.success ? (parsed.data.error.description ?? 'Razorpay refused the order') : 'Razorpay refused the order', response.status);
    }
    const order = orderReplySchema.safeParse(body);
    if (!order.success || order.data.amount !== input.amountPaise) {
      throw new PaymentProviderError('Razorpay answered with an unexpected order', response.status);
    }
    return order.data;
  }

  isValidPayment(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidPaymentSignature({ ...input, keySecret: this.options.keySecret });
  }
}
