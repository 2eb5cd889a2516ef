import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { Refusal } from '../../../domain/refusal.ts';
import { checkouts, paymentEvents } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { isValidWebhookSignature } from '../../payments/razorpay-signature.ts';
import type { OrderRefunds } from '../refunds/order-refunds.ts';
import type { PaymentFulfilment } from './payment-fulfilment.ts';
import { takePayment } from './provider-calls.ts';
import type { ReturnService } from '../returns/return-service.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { cardRefundFailed } from '../gift-card-sales/card-refunds.ts';

/** A string the database can hold: PostgreSQL's text refuses the NUL character, which JSON can carry. */
const storable = () => z.string().refine((value) => !value.includes('\0'), { error: 'must not contain the NUL character' });

const refundEntity = z.object({ id: storable(), payment_id: storable().optional(), amount: z.number().int().optional(), status: storable().optional() });
const paymentEntity = z.object({
  id: storable(),
  order_id: storable().nullable().optional(),
  error_description: storable().nullable().optional(),
  /** What was taken, in the currency's smallest unit: checked against the checkout before any order is made. */
  amount: z.number().int().optional(),
  currency: storable().optional(),
  /** How the customer paid ('card', 'upi'…), kept on the order. */
  method: storable().nullable().optional(),
});

/** The parts of Razorpay's webhook payloads the shop acts on; anything else in them is ignored. */
const webhookSchema = z.object({
  event: storable(),
  payload: z
    .object({
      payment: z.object({ entity: paymentEntity }).optional(),
      order: z.object({ entity: z.object({ id: storable() }) }).optional(),
      refund: z.object({ entity: refundEntity }).optional(),
    })
    .default({}),
});

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

export interface PaymentWebhooksDeps {
  db: Database;
  fulfilment: PaymentFulfilment;
  refunds: OrderRefunds;
  returns: Pick<ReturnService, 'markRefundFailed'>;
  /** Tells the admins when a gift card's refund fails (decision 0088). */
  notifications: Pick<NotificationService, 'notify'>;
  secret: string | undefined;
  provider: PaymentProvider;
}

/**
 * Razorpay's server-to-server reports. They matter when the browser never came back after paying (closed tab,
 * lost network): a captured payment still becomes an order, an authorized one once the shop captured it; and when a refund Razorpay accepted later fails. Handling is idempotent, so the event is recorded
 * only after it was handled; a delivery that failed half-way is simply handled again on Razorpay's retry.
 */
export class PaymentWebhooks {
  constructor(private readonly deps: PaymentWebhooksDeps) {}

  async receive(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookOutcome> {
    if (!this.deps.secret) throw new HttpError(503, 'Payment webhooks are not configured');
    if (!isValidWebhookSignature(rawBody, signature, this.deps.secret)) throw new HttpError(400, 'Invalid webhook signature');
    let parsed: z.infer<typeof webhookSchema>;
    try {
      parsed = webhookSchema.parse(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new HttpError(400, 'Webhook body is not a Razorpay event');
    }
    const eventId = eventIdHeader?.trim() || `body:${createHash('sha256').update(rawBody).digest('hex')}`;
    const [seen] = await this.deps.db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    if (seen) return 'duplicate';

    const payment = parsed.payload.payment?.entity;
    const providerOrderId = parsed.payload.order?.entity.id ?? payment?.order_id ?? null;
    let outcome: WebhookOutcome = 'ignored';
    if ((parsed.event === 'payment.captured' || parsed.event === 'order.paid') && payment && providerOrderId) {
      // Razorpay signed what it captured: that amount and currency, not the basket's, decide paid or refund case.
      if (payment.amount === undefined || payment.currency === undefined) throw new HttpError(400, 'A captured payment event must carry its amount and currency');
      outcome = (await this.deps.fulfilment.fulfil(providerOrderId, payment.id, { amount: payment.amount, currency: payment.currency, method: payment.method })) ? 'processed' : 'ignored';
    } else if (parsed.event === 'payment.authorized' && payment && providerOrderId) {
      outcome = await this.captureAuthorized(providerOrderId, payment.id);
    } else if (parsed.event === 'payment.failed' && providerOrderId) {
      // Only an unpaid checkout can fail: a late failure of one attempt never moves a paid order back.
      await this.deps.fulfilment.recordFailure(providerOrderId, payment?.error_description ?? 'Payment failed');
      outcome = 'processed';
    } else if (parsed.event === 'refund.failed' && parsed.payload.refund) {
      const reason = payment?.error_description ?? 'Razorpay reported the refund as failed';
      const { id, amount } = parsed.payload.refund.entity;
      // An order's own refund, or else the refund of one of its returns, or of a gift card it bought.
      const known =
        (await this.deps.refunds.markFailed(id, reason, amount)) ||
        (await this.deps.returns.markRefundFailed(id, reason, amount)) ||
        (await cardRefundFailed(this.deps.db, this.deps.notifications, id, reason));
      outcome = known ? 'processed' : 'ignored';
    }
    await this.deps.db.insert(paymentEvents).values({ eventId, event: parsed.event, providerOrderId }).onConflictDoNothing();
    return outcome;
  }

  /**
   * An authorized payment is not money until it is captured, and Razorpay returns it to the customer after days
   * if nobody does: the shop captures a checkout's own (its order, amount and INR) and makes the order. One for
   * anything else is left uncaptured, for Razorpay to release.
   */
  private async captureAuthorized(providerOrderId: string, paymentId: string): Promise<WebhookOutcome> {
    const [checkout] = await this.deps.db
      .select({ providerOrderId: checkouts.providerOrderId, amountPaise: checkouts.amountPaise, balancesPaise: checkouts.balancesPaise, vouchersPaise: checkouts.vouchersPaise })
      .from(checkouts)
      .where(eq(checkouts.providerOrderId, providerOrderId));
    if (!checkout) return 'ignored';
    let captured;
    try {
      captured = await takePayment(this.deps.provider, checkout, paymentId);
    } catch (error) {
      if (error instanceof Refusal && error.kind === 'conflict') return 'ignored';
      throw error;
    }
    return (await this.deps.fulfilment.fulfil(providerOrderId, paymentId, captured)) ? 'processed' : 'ignored';
  }
}
