import { eq } from 'drizzle-orm';
import { channelsFor, type ShopMessage } from '../../../domain/message-channels.ts';
import { cashDuePaise } from '../../../domain/cash-on-delivery.ts';
import { formatPaise } from '../../../domain/money.ts';
import { refundPartsOf, refundPartsText, refundTouchesBalances } from '../../../domain/balances.ts';
import { OFFLINE_REFUND_METHOD_LABELS } from '../../../domain/offline-refunds.ts';
import type { LifecycleEvent, MailKind } from '../../../domain/order-lifecycle.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { type shipments, users, whatsappSubscriptions } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import type { WhatsAppOutbox } from './whatsapp-outbox.ts';
import type { CartReminderEvent } from '../recovery/cart-reminder-event.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type Reader = Pick<Transaction, 'select'>;

/** Where a customer's WhatsApp messages go, when they may go at all. */
export interface WhatsAppRecipient {
  phone: string;
  orderUpdates: boolean;
  marketing: boolean;
}

/**
 * WhatsApp as a channel of the order's messages. The order lifecycle tells it of each message an event sends (the
 * same `mail` effects the e-mails come from) and the shipments of each failed delivery; it asks the one rule
 * (domain/message-channels.ts) whether WhatsApp carries it for this customer, and if so enqueues the template in
 * the event's transaction, keyed like the e-mail so a repeated event sends nothing new.
 */
export class WhatsAppChannel {
  constructor(
    readonly outbox: WhatsAppOutbox,
    private readonly shopUrl: string,
  ) {}

  /** The customer's opted-in number and switches, or null when they have not opted in. */
  async recipientOf(tx: Reader, userId: string): Promise<WhatsAppRecipient | null> {
    const [row] = await tx
      .select({ preferences: users.preferences, phone: whatsappSubscriptions.phone, optedIn: whatsappSubscriptions.optedIn, erasedAt: users.erasedAt })
      .from(users)
      .innerJoin(whatsappSubscriptions, eq(whatsappSubscriptions.userId, users.id))
      .where(eq(users.id, userId));
    if (!row || !row.optedIn || row.erasedAt) return null;
    return { phone: row.phone, orderUpdates: row.preferences.orderUpdates !== false, marketing: row.preferences.newsletter === true };
  }

  /** An order event's message (`mail`, as the lifecycle table names it), on WhatsApp when the rule says so. */
  async orderEvent(tx: Transaction, order: OrderRow, mail: MailKind, event: LifecycleEvent): Promise<void> {
    const planned = this.plan(order, mail, event);
    if (!planned) return;
    await this.sendIfWanted(tx, order, planned.message, planned.template, planned.variables, planned.dedupeKey);
  }

  /** A courier's failed attempt: buttons to have it brought tomorrow or to correct the address. */
  async deliveryFailed(tx: Transaction, order: OrderRow, shipment: ShipmentRow): Promise<void> {
    await this.sendIfWanted(
      tx,
      order,
      'delivery-failed',
      'delivery_failed',
      { customerName: firstName(order.customerName), courierName: shipment.courierName ?? 'The courier', orderNumber: order.orderNumber, reason: shipment.ndrReason ?? 'no one was available' },
      `delivery-failed:${shipment.id}:${shipment.ndrAttempts}`,
    );
  }

  /**
   * A cart reminder (server/modules/recovery) on WhatsApp: marketing, so only to a shopper who opted in to
   * WhatsApp and gave marketing consent (domain/message-channels.ts); keyed by the reminder, so it goes once.
   */
  async cartReminder(tx: Transaction, event: CartReminderEvent): Promise<boolean> {
    const recipient = await this.recipientOf(tx, event.userId);
    const channels = channelsFor('abandoned-checkout', { orderUpdates: recipient?.orderUpdates ?? true, marketing: recipient?.marketing ?? false, whatsappOptIn: recipient !== null, whatsappAvailable: true });
    if (!recipient || !channels.includes('whatsapp')) return false;
    const [first, ...rest] = event.lines;
    const potions = first ? `${first.name} (${first.size})${rest.length ? ` and ${rest.length} more` : ''}` : 'your cart';
    const offer = event.promotion ? `Use code ${event.promotion.code}: ${event.promotion.name}.` : 'We keep your cart for a week.';
    const sent = await this.outbox.enqueue(tx, {
      template: 'cart_reminder',
      to: recipient.phone,
      variables: { customerName: firstName(event.customerName), potions, restoreUrl: event.restoreUrl, offer },
      dedupeKey: `whatsapp:cart-reminder:${event.reminderId}`,
      userId: event.userId,
    });
    return sent !== null;
  }

  private async sendIfWanted(tx: Transaction, order: OrderRow, message: ShopMessage, template: string, variables: Record<string, string>, dedupeKey: string): Promise<void> {
    const recipient = await this.recipientOf(tx, order.userId);
    const channels = channelsFor(message, { orderUpdates: recipient?.orderUpdates ?? true, marketing: recipient?.marketing ?? false, whatsappOptIn: recipient !== null, whatsappAvailable: true });
    if (!recipient || !channels.includes('whatsapp')) return;
    await this.outbox.enqueue(tx, { template, to: recipient.phone, variables, dedupeKey: `whatsapp:${dedupeKey}`, orderId: order.id, userId: order.userId });
  }

  private plan(order: OrderRow, mail: MailKind, event: LifecycleEvent): { message: ShopMessage; template: string; variables: Record<string, string>; dedupeKey: string } | null {
    const name = firstName(order.customerName);
    const total = formatPaise(order.totalPaise);
    // What the courier collects: gift cards and store credit may have paid part of a cash-on-delivery order.
    const cash = formatPaise(cashDuePaise(order));
    switch (mail) {
      case 'order-confirmation':
        return { message: 'order-confirmed', template: 'order_confirmed', variables: { customerName: name, orderNumber: order.orderNumber, total }, dedupeKey: `order-confirmation:${order.id}` };
      case 'cod-placed':
        return {
          message: 'cod-confirm-request',
          template: 'cod_confirm_request',
          variables: { customerName: name, orderNumber: order.orderNumber, total: cash, confirmBy: formatShopDate(order.codConfirmBy ?? order.createdAt, 'dateTime') },
          dedupeKey: `cod-placed:${order.id}`,
        };
      case 'cod-confirmed':
        return { message: 'cod-confirmed', template: 'cod_confirmed', variables: { customerName: name, orderNumber: order.orderNumber, total: cash }, dedupeKey: `cod-confirmed:${order.id}` };
      case 'order-cancelled':
      case 'cod-cancelled':
      case 'cod-not-confirmed':
        return { message: 'order-cancelled', template: 'order_cancelled', variables: { orderNumber: order.orderNumber, money: cancellationMoney(order, mail) }, dedupeKey: `order-cancelled:${order.id}` };
      case 'refund-issued': {
        const amount = event.type === 'refund-succeeded' ? event.amountPaise : order.refundedPaise;
        const refundId = event.type === 'refund-succeeded' ? event.refundId : (order.providerRefundId ?? '');
        // What went back onto gift cards and store credit is said as such, never as money sent (docs/decisions/0087).
        const parts = refundPartsOf(amount, event.type === 'refund-succeeded' ? event : {});
        const onto = parts.toBalancesPaise;
        const where =
          event.type === 'refund-succeeded' && event.transfer
            ? onto > 0
              ? `${formatPaise(amount - onto)} was sent by ${OFFLINE_REFUND_METHOD_LABELS[event.transfer.method]}, UTR ${event.transfer.reference}; ${formatPaise(onto)} is back on the gift cards and store credit you paid with.`
              : `It was sent by ${OFFLINE_REFUND_METHOD_LABELS[event.transfer.method]}, UTR ${event.transfer.reference}.`
            : onto > 0 && onto === amount
              ? 'It is back on the gift cards and store credit you paid with.'
              : refundTouchesBalances(parts)
                ? `${refundPartsText(parts)}.`
                : 'It goes back to the way you paid; banks usually take 5-7 working days to show it.';
        return { message: 'refund-sent', template: 'refund_sent', variables: { amount: formatPaise(amount), orderNumber: order.orderNumber, where }, dedupeKey: `refund-issued:${order.id}:${refundId}` };
      }
      case 'status-changed':
        if (order.status === 'shipped') {
          return {
            message: 'shipped',
            template: 'order_shipped',
            variables: { customerName: name, orderNumber: order.orderNumber, carrier: order.carrier || 'our courier', trackingNumber: order.trackingNumber || 'to follow shortly' },
            dedupeKey: `order-shipped:${order.id}:${order.trackingNumber ?? ''}`,
          };
        }
        if (order.status === 'out-for-delivery') {
          const toPay = order.paymentStatus === 'cod_pending' ? `${cash} in cash` : 'nothing, it is paid';
          return { message: 'out-for-delivery', template: 'order_out_for_delivery', variables: { customerName: name, orderNumber: order.orderNumber, toPay }, dedupeKey: `order-out-for-delivery:${order.id}` };
        }
        if (order.status === 'delivered') {
          return { message: 'delivered', template: 'order_delivered', variables: { orderNumber: order.orderNumber, customerName: name }, dedupeKey: `order-delivered:${order.id}` };
        }
        return null;
      case 'return-update':
        return null;
    }
  }

  /** The page where a customer answers a failed delivery (the same form the web offers). */
  deliveryPageOf(order: OrderRow): string {
    return `${this.shopUrl}/orders/${order.orderNumber}#delivery`;
  }
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || 'there';
}

function cancellationMoney(order: OrderRow, mail: MailKind): string {
  // What gift cards and store credit paid of an order that was never paid on delivery went back onto them.
  const back = order.balancesPaise > 0 ? ` The ${formatPaise(order.balancesPaise)} paid with gift cards and store credit is back on them.` : '';
  if (mail === 'cod-not-confirmed') return `It was not confirmed in time, so nothing is owed.${back}`;
  if (order.paymentMethod === 'cod' && order.paymentStatus === 'not_collected') return `It was to be paid on delivery, so nothing is owed.${back}`;
  const due = order.totalPaise - order.refundedPaise;
  return order.paymentStatus === 'refund_pending' && due > 0 ? `A refund of ${formatPaise(due)} is on its way.` : 'Nothing more is owed.';
}
