import { and, eq } from 'drizzle-orm';
import { giftCardLabel } from '../../../domain/balances.ts';
import { cardRefundRefusal } from '../../../domain/gift-card-sale.ts';
import { formatPaise } from '../../../domain/money.ts';
import { notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { balanceAccounts, balanceTenders, emailMessages, giftCardSales, orders } from '../../db/schema/index.ts';
import type { PaymentProvider } from '../../payments/payment-provider.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { lockedGiftCard, voidCardLocked } from '../balances/balance-service.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import type { Actor } from '../orders/order-service.ts';
import { askProvider } from '../payments/provider-calls.ts';
import { providerPaymentOf } from '../refunds/order-refunds.ts';

/**
 * The provider's idempotency key for a card's refund, derived from the card alone: a retry after a lost answer, a
 * double click or a second admin gets the first refund back from Razorpay, never a second one.
 */
export function cardRefundKey(cardId: number): string {
  return `refund-gift-card-${cardId}`;
}

export interface CardRefunded {
  cardId: number;
  orderNumber: string;
  amountPaise: number;
  refundId: string;
}

/**
 * Refunds a gift card bought on an order while it is wholly unspent (decision 0088): in one transaction, with the
 * card's row locked while the provider is asked, the card is voided (its ledger entry and the audit name the admin
 * and the reason; its recipient's e-mail is withheld if it has not left), the card's amount goes back through the
 * payment provider to the payment that bought it, the sale row keeps the refund, and the buyer is e-mailed.
 * A provider that refuses rolls everything back: the card stays valid and nothing is recorded.
 */
export class CardRefunds {
  constructor(
    private readonly deps: {
      db: Database;
      provider: PaymentProvider;
      outbox: EmailOutbox;
      clock: () => Date;
    },
  ) {}

  /**
   * What refunding the card would give back, read before the refund so the caller's refund limit is checked before
   * any row is locked (the limit reads the staff settings): 404 for no card, null for a card no one bought. The
   * amount a card was bought for never changes; whether it may be refunded is decided under the lock.
   */
  async amountOf(cardId: number): Promise<number | null> {
    const [card] = await this.deps.db
      .select({ id: balanceAccounts.id, amountPaise: giftCardSales.amountPaise })
      .from(balanceAccounts)
      .leftJoin(giftCardSales, eq(giftCardSales.accountId, balanceAccounts.id))
      .where(and(eq(balanceAccounts.id, cardId), eq(balanceAccounts.kind, 'gift-card')));
    if (!card) throw notFoundRefusal('Gift card not found');
    return card.amountPaise;
  }

  async refund(actor: Actor, cardId: number, reason: string): Promise<CardRefunded> {
    const { db, provider, outbox } = this.deps;
    const now = this.deps.clock();
    return db.transaction(async (tx) => {
      // The card's row first, as a void and a checkout lock it: a second refund waits here, then finds it refunded.
      const card = await lockedGiftCard(tx, cardId);
      const label = giftCardLabel(card.codeLastFour!);
      const [sale] = await tx.select().from(giftCardSales).where(eq(giftCardSales.accountId, card.id)).for('update');
      if (!sale?.orderId) {
        throw new Refusal('conflict', `${label} was issued by the shop, not bought: no payment paid for it, so there is nothing to refund (void it instead)`);
      }
      const [order] = await tx.select().from(orders).where(eq(orders.id, sale.orderId));
      if (!order) throw new Refusal('conflict', `${label} was bought with an order that no longer exists: refund it from the payment provider's dashboard`);
      const redeemed = await tx
        .selectDistinct({ orderNumber: orders.orderNumber })
        .from(balanceTenders)
        .innerJoin(orders, eq(orders.id, balanceTenders.orderId))
        .where(eq(balanceTenders.accountId, card.id));
      const refused = cardRefundRefusal(
        {
          lastFour: card.codeLastFour!,
          status: card.status,
          expiresAt: card.expiresAt,
          balancePaise: card.balancePaise,
          initialPaise: card.initialPaise,
          providerRefundId: sale.providerRefundId,
          redeemedOn: redeemed.map((entry) => entry.orderNumber),
        },
        now,
      );
      if (refused) throw new Refusal('conflict', refused);
      const paymentId = providerPaymentOf(order, provider.name);
      // Asked with the card still locked: a second request waits and then finds the card refunded, and the key
      // makes even a retry after a lost answer (this transaction rolled back) get Razorpay's first refund back.
      const refund = await askProvider('The refund was not made', () =>
        provider.refund({
          paymentId,
          amountPaise: sale.amountPaise,
          idempotencyKey: cardRefundKey(card.id),
          receipt: order.orderNumber,
          notes: { purpose: 'Gift card refunded unspent', order: order.orderNumber, giftCard: label },
        }),
      );
      if (refund.status === 'failed') throw new Refusal('provider-failed', `The refund was not made: the payment provider reports refund ${refund.id} as failed`);

      // Was the code already in the recipient's inbox? Read before the void withholds an e-mail still waiting.
      const [delivery] = sale.emailId ? await tx.select({ status: emailMessages.status }).from(emailMessages).where(eq(emailMessages.id, sale.emailId)) : [];
      const codeSent = delivery?.status === 'sent' || delivery?.status === 'kept' || delivery?.status === 'sending';
      await voidCardLocked(tx, card, { actorId: actor.id, note: `Refunded to its buyer (${refund.id}): ${reason}` }, now);
      await tx.update(giftCardSales).set({ providerRefundId: refund.id, refundedAt: now, refundedBy: actor.id }).where(eq(giftCardSales.id, sale.id));
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'gift-card.refund',
        targetType: 'gift-card',
        targetId: String(card.id),
        details: {
          lastFour: card.codeLastFour,
          orderNumber: order.orderNumber,
          amountPaise: sale.amountPaise,
          refundId: refund.id,
          before: { status: card.status, balancePaise: card.balancePaise },
          after: { status: 'void', balancePaise: 0 },
          reason,
        },
      });
      await outbox.enqueue(tx, {
        template: 'gift-card-refunded',
        to: order.customerEmail,
        data: {
          customerName: order.customerName,
          orderNumber: order.orderNumber,
          amountPaise: sale.amountPaise,
          lastFour: card.codeLastFour!,
          recipientName: sale.recipientName,
          codeSent,
        },
        dedupeKey: `gift-card-refunded:${sale.id}`,
        category: 'transactional',
      });
      return { cardId: card.id, orderNumber: order.orderNumber, amountPaise: sale.amountPaise, refundId: refund.id };
    });
  }
}

/**
 * Razorpay's `refund.failed` for a card's refund: the money it had accepted to send back did not reach the buyer.
 * The card stays cancelled (its code may have been read; undoing the void would revive it), so the admins are
 * told to settle the buyer from Razorpay's dashboard or issue a replacement card. False for a refund not a card's.
 */
export async function cardRefundFailed(db: Database, notifications: Pick<NotificationService, 'notify'>, refundId: string, reason: string): Promise<boolean> {
  const [sale] = await db
    .select({ amountPaise: giftCardSales.amountPaise, lastFour: balanceAccounts.codeLastFour, orderNumber: orders.orderNumber })
    .from(giftCardSales)
    .innerJoin(balanceAccounts, eq(balanceAccounts.id, giftCardSales.accountId))
    .innerJoin(orders, eq(orders.id, giftCardSales.orderId))
    .where(eq(giftCardSales.providerRefundId, refundId));
  if (!sale) return false;
  await notifications.notify({
    // Those who may refund, as for an order's failed refund.
    toStaffWith: 'orders.refund',
    type: 'order',
    title: 'Refund Failed',
    message: `Razorpay could not complete refund ${refundId} of ${formatPaise(sale.amountPaise)} for ${giftCardLabel(sale.lastFour!)} of order ${sale.orderNumber} (${reason.slice(0, 400)}). The card stays cancelled: refund the buyer from Razorpay's dashboard, or issue them a replacement card.`,
    priority: 'high',
    actionUrl: `/admin/orders?search=${sale.orderNumber}`,
  });
  return true;
}
