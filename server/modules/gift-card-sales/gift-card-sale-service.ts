import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatGiftCardCode, giftCardCodeFrom, giftCardExpiry, lastFourOf } from '../../../domain/balances.ts';
import { deliveryDayProblem, deliveryMoment, vouchersPaise } from '../../../domain/gift-card-sale.ts';
import { paiseToRupees } from '../../../domain/money.ts';
import { fieldRefusal } from '../../../domain/refusal.ts';
import type { GiftCardPurchaseInput, OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { balanceAccounts, emailMessages, giftCardSales, orders, type checkouts } from '../../db/schema/index.ts';
import type { EmailOutbox } from '../mail/email-outbox.ts';
import { addToBalance, giftCardCodeHash } from '../balances/balance-ledger.ts';

type OrderRow = typeof orders.$inferSelect;

/** The cards a checkout sells, checked against the clock, and what they cost together. */
export interface PricedGiftCards {
  cards: GiftCardPurchaseInput[];
  paise: number;
}

function deliveryOf(sale: typeof giftCardSales.$inferSelect, emailStatus: string | null, cardStatus: string | null): OrderGiftCard['delivery'] {
  if (!sale.accountId) return 'awaiting-payment';
  if (emailStatus === 'sent' || emailStatus === 'kept') return 'sent';
  // A card voided before its e-mail left has its e-mail withheld on purpose: it was cancelled, not lost.
  if (cardStatus === 'void') return 'cancelled';
  if (emailStatus === 'dead' || emailStatus === 'failed' || emailStatus === 'withheld') return 'failed';
  return 'scheduled';
}

/**
 * Gift cards on sale: the checkout prices and records them beside its basket (they are no part of its bill, a
 * voucher's sale not being a supply: decision 0074), and when the order is paid each is issued as a balance and
 * its recipient's e-mail queued in the outbox for the chosen day, once (the sale row remembers its card and
 * e-mail, and the outbox's dedupe key backs that up).
 */
export class GiftCardSaleService {
  constructor(
    private readonly db: Database,
    private readonly outbox: EmailOutbox,
    private readonly clock: () => Date,
    /** GIFT_CARD_VALIDITY_MONTHS */
    private readonly validityMonths: number,
  ) {}

  /** The cards of a checkout body: a delivery day already past (or too far) is refused against its card. */
  price(cards: readonly GiftCardPurchaseInput[] | undefined, now: Date): PricedGiftCards {
    const list = [...(cards ?? [])];
    list.forEach((card, index) => {
      const problem = deliveryDayProblem(card.deliverOn, now);
      if (problem) throw fieldRefusal('invalid', `giftCards.${index}.deliverOn`, problem);
    });
    return { cards: list, paise: vouchersPaise(list) };
  }

  /** Writes the cards a checkout sells, in its transaction. */
  async record(tx: Transaction, checkoutId: string, buyerId: string, cards: readonly GiftCardPurchaseInput[], now: Date): Promise<void> {
    if (!cards.length) return;
    await tx.insert(giftCardSales).values(
      cards.map((card, position) => ({
        checkoutId,
        buyerId,
        position,
        amountPaise: card.amount * 100,
        recipientName: card.recipientName,
        recipientEmail: card.recipientEmail,
        message: card.message,
        deliverOn: card.deliverOn,
        createdAt: now,
      })),
    );
  }

  /**
   * Issues the cards an order paid for, in the order's transaction (an order-created hook: rolled back with the
   * order if it becomes a refund case). Each card gets its code here, stored hashed; the whole code travels only
   * in the recipient's e-mail, queued to leave on the chosen day.
   */
  readonly issueForOrder = async (tx: Transaction, order: OrderRow, checkout: Pick<typeof checkouts.$inferSelect, 'vouchersPaise'>): Promise<void> => {
    // Most orders buy no gift card: their checkout collected nothing on top of the bill, and no sale row is locked.
    if (checkout.vouchersPaise === 0) return;
    const sales = await tx
      .select()
      .from(giftCardSales)
      .where(and(eq(giftCardSales.checkoutId, order.checkoutId), isNull(giftCardSales.accountId)))
      .orderBy(asc(giftCardSales.position))
      .for('update');
    const now = this.clock();
    for (const sale of sales) {
      const code = giftCardCodeFrom(randomBytes);
      const expiresAt = giftCardExpiry(now, this.validityMonths);
      const [card] = await tx
        .insert(balanceAccounts)
        .values({
          kind: 'gift-card',
          userId: order.userId,
          codeHash: giftCardCodeHash(code),
          codeLastFour: lastFourOf(code),
          initialPaise: sale.amountPaise,
          expiresAt,
          recipientName: sale.recipientName,
          recipientEmail: sale.recipientEmail,
          note: `Bought with order ${order.orderNumber}`,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: balanceAccounts.id });
      await addToBalance(tx, card!.id, sale.amountPaise, 'issued', { orderId: order.id, checkoutId: order.checkoutId, note: `Bought with order ${order.orderNumber}` }, now);
      const mail = await this.outbox.enqueue(tx, {
        template: 'gift-card-delivery',
        to: sale.recipientEmail,
        data: {
          recipientName: sale.recipientName,
          fromName: order.customerName,
          message: sale.message,
          amountPaise: sale.amountPaise,
          code: formatGiftCardCode(code),
          expiresAt: expiresAt.toISOString(),
        },
        dedupeKey: `gift-card-delivery:${sale.id}`,
        category: 'transactional',
        sendAfter: deliveryMoment(sale.deliverOn, now),
      });
      await tx
        .update(giftCardSales)
        .set({ orderId: order.id, accountId: card!.id, emailId: mail.id || null })
        .where(eq(giftCardSales.id, sale.id));
    }
  };

  /** The cards an order bought, for its buyer: the last four once issued, and whether the e-mail has gone. */
  async forOrder(orderId: string): Promise<OrderGiftCard[]> {
    const rows = await this.db
      .select({ sale: giftCardSales, lastFour: balanceAccounts.codeLastFour, cardStatus: balanceAccounts.status, emailStatus: emailMessages.status, sentAt: emailMessages.sentAt })
      .from(giftCardSales)
      .innerJoin(orders, eq(orders.checkoutId, giftCardSales.checkoutId))
      .leftJoin(balanceAccounts, eq(balanceAccounts.id, giftCardSales.accountId))
      .leftJoin(emailMessages, eq(emailMessages.id, giftCardSales.emailId))
      .where(eq(orders.id, orderId))
      .orderBy(asc(giftCardSales.position));
    return rows.map(({ sale, lastFour, cardStatus, emailStatus, sentAt }) => ({
      id: sale.id,
      amount: paiseToRupees(sale.amountPaise),
      recipientName: sale.recipientName,
      recipientEmail: sale.recipientEmail,
      message: sale.message,
      deliverOn: sale.deliverOn,
      lastFour: lastFour ?? null,
      delivery: deliveryOf(sale, emailStatus, cardStatus ?? null),
      sentAt: sentAt?.toISOString() ?? null,
      cardId: sale.accountId,
      refundedAt: sale.refundedAt?.toISOString() ?? null,
    }));
  }
}
