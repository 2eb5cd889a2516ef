import { and, eq, inArray, ne } from 'drizzle-orm';
import { notSuppliedKey } from '../../../domain/credit-notes.ts';
import { OFFLINE_REFUND_METHOD_LABELS, refundedByTransfer } from '../../../domain/offline-refunds.ts';
import type { RefundTransfer } from '../../../domain/order-lifecycle.ts';
import type { OrderStatus } from '../../../domain/orders.ts';
import { emailMessages, orderItems, orderReturns, users, type MailAttachmentRef } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { EmailOutbox, OutgoingEmail } from '../mail/email-outbox.ts';
import type { TemplateData, TemplateName } from '../mail/template-registry.ts';
import { orderMailDataOf, type OrderMailData } from '../mail/templates/order-mail-data.ts';
import type { ShipmentMailData } from '../mail/templates/order-progress.tsx';
import type { CodConfirmationLinks } from '../cash-on-delivery/cod-links.ts';
import type { OrderRow } from './order-dto.ts';
import { holdsOnlyGiftCards } from '../../../domain/gift-card-sale.ts';
import { cardsBoughtWith } from '../gift-card-sales/cards-bought.ts';

type OrderItemRow = typeof orderItems.$inferSelect;

const REVIEW_REQUEST_DELAY_MS = 7 * 24 * 60 * 60 * 1000;

const PROGRESS_TEMPLATES = { shipped: 'order-shipped', 'out-for-delivery': 'order-out-for-delivery', delivered: 'order-delivered' } as const;

/** Where a message goes: the outbox, or a list written with others in one statement (`journeys`). */
type MailQueue = Pick<EmailOutbox, 'enqueue'>;

/** What the journey's e-mails read of their orders, read once for many orders: each order's lines, each customer's choice of order updates. */
interface JourneyReads {
  items: ReadonlyMap<string, OrderItemRow[]>;
  orderUpdates: ReadonlyMap<string, boolean>;
}

/** How one journey e-mail is made when it is one of many: read from `reads`, put on `queue`. */
interface Gathered {
  queue: MailQueue;
  reads: JourneyReads;
}

const NOT_YET_SENT = { id: '', messageId: '', created: false };

/**
 * Which e-mails an order's events send, enqueued in the event's own transaction. Receipts (confirmation,
 * cancellation, refund) always go; the journey (shipped, out for delivery, delivered and the review request
 * after it) only to customers who keep 'order updates' on.
 */
export class OrderMails {
  constructor(
    private readonly outbox: EmailOutbox,
    private readonly clock: () => Date,
    private readonly codLinks: CodConfirmationLinks,
  ) {}

  /**
   * Cash on delivery's receipts: please confirm (with the signed link), confirmed, not confirmed in time,
   * cancelled (with the credit note of its invoice when it had been dispatched and invoiced).
   */
  async cashOnDelivery(tx: Transaction, order: OrderRow, mail: 'cod-placed' | 'cod-confirmed' | 'cod-not-confirmed' | 'cod-cancelled', lines?: OrderItemRow[]): Promise<void> {
    const data = await this.dataOf(tx, order, lines);
    if (mail === 'cod-placed') {
      const confirmBy = (order.codConfirmBy ?? this.clock()).toISOString();
      await this.send(tx, 'cod-placed', order, { ...data, confirmUrl: await this.codLinks.url(order), confirmBy }, `cod-placed:${order.id}`);
    } else if (mail === 'cod-confirmed') {
      await this.send(tx, 'cod-confirmed', order, data, `cod-confirmed:${order.id}`);
    } else {
      // One cancellation e-mail per order, whichever way it was cancelled.
      const creditNote: MailAttachmentRef[] = order.invoiceNumber ? [{ kind: 'credit-note', orderId: order.id, refundId: notSuppliedKey(order.id) }] : [];
      await this.send(tx, mail, order, data, `order-cancelled:${order.id}`, creditNote);
    }
  }

  /**
   * `withInvoice`: the event issued the order's tax invoice (cash on delivery, at dispatch), which goes with this
   * e-mail; a tax invoice is a receipt, so that e-mail goes even to a customer who turned order updates off.
   */
  async statusChanged(tx: Transaction, order: OrderRow, status: OrderStatus, { withInvoice = false, toBalancesPaise = 0 } = {}, gathered?: Gathered): Promise<void> {
    const queue = gathered?.queue ?? this.outbox;
    const lines = gathered?.reads.items.get(order.id);
    if (status === 'cancelled') {
      // What is still owed (a return may have been refunded already), and where it goes: cash collected on
      // delivery has no card to go back to, so the shop transfers it; the part gift cards and store credit paid
      // goes back onto them (docs/decisions/0087), and no transfer is promised for it.
      const refund = {
        refundDuePaise: order.totalPaise - order.refundedPaise,
        refundByTransfer: refundedByTransfer(order),
        ...(toBalancesPaise > 0 ? { refundToBalancesPaise: toBalancesPaise } : {}),
      };
      await this.send(tx, 'order-cancelled', order, { ...(await this.dataOf(tx, order, lines)), ...refund }, `order-cancelled:${order.id}`, [], queue);
      return;
    }
    if (!(status in PROGRESS_TEMPLATES)) return;
    const updates = gathered ? (gathered.reads.orderUpdates.get(order.userId) ?? true) : await this.wantsUpdates(tx, order.userId);
    // The buyer's own choice not to hear of the journey is not the recipient's: their receipt still goes.
    if (!withInvoice && !updates) {
      if (status === 'shipped') await this.giftReceipt(tx, order, await this.dataOf(tx, order, lines), queue);
      return;
    }
    const progress = status as keyof typeof PROGRESS_TEMPLATES;
    const data = await this.dataOf(tx, order, lines);
    const invoice: MailAttachmentRef[] = withInvoice ? [{ kind: 'invoice', orderId: order.id }] : [];
    // Keyed by the tracking number too: tracking entered after 'shipped' is worth a second e-mail that has it.
    await this.send(tx, PROGRESS_TEMPLATES[progress], order, shipmentOf(order, data), `${PROGRESS_TEMPLATES[progress]}:${order.id}:${order.trackingNumber ?? ''}`, invoice, queue);
    if (progress === 'shipped') await this.giftReceipt(tx, order, data, queue);
    if (progress === 'delivered' && updates) {
      await queue.enqueue(tx, {
        template: 'review-request',
        to: order.customerEmail,
        data,
        dedupeKey: `review-request:${order.id}`,
        // An invitation, not a receipt: it goes to a list the customer can leave with one click.
        category: 'marketing',
        list: 'review-requests',
        sendAfter: new Date(this.clock().getTime() + REVIEW_REQUEST_DELAY_MS),
      });
    }
  }

  /**
   * The journey e-mails of many orders, each at its status now, with other messages ready to go, written together:
   * the orders' lines and their customers' preferences read once for all, the messages and their jobs in one
   * statement each (the courier's batches, docs/decisions/0081).
   */
  async journeys(tx: Transaction, orders: readonly OrderRow[], ready: readonly OutgoingEmail<TemplateName>[] = []): Promise<void> {
    const emails = [...ready];
    if (orders.length) {
      const queue: MailQueue = {
        enqueue: async <Name extends TemplateName>(_tx: Transaction, email: OutgoingEmail<Name>) => {
          emails.push(email as unknown as OutgoingEmail<TemplateName>);
          return NOT_YET_SENT;
        },
      };
      const reads = await this.journeyReads(tx, orders);
      for (const order of orders) await this.statusChanged(tx, order, order.status, {}, { queue, reads });
    }
    await this.outbox.enqueueAll(tx, emails);
  }

  private async journeyReads(tx: Transaction, orders: readonly OrderRow[]): Promise<JourneyReads> {
    const [lines, customers] = await Promise.all([
      tx.select().from(orderItems).where(inArray(orderItems.orderId, [...new Set(orders.map((order) => order.id))])),
      tx.select({ id: users.id, preferences: users.preferences }).from(users).where(inArray(users.id, [...new Set(orders.map((order) => order.userId))])),
    ]);
    const items = new Map<string, OrderItemRow[]>(orders.map((order) => [order.id, []]));
    for (const line of lines) items.get(line.orderId)?.push(line);
    return { items, orderUpdates: new Map(customers.map((customer) => [customer.id, customer.preferences.orderUpdates !== false])) };
  }

  /** New tracking on an order already on its way: the shipped e-mail again, now with the tracking. */
  async trackingChanged(tx: Transaction, order: OrderRow): Promise<void> {
    if (order.status !== 'shipped' && order.status !== 'out-for-delivery') return;
    if (!(await this.wantsUpdates(tx, order.userId))) return;
    const data = shipmentOf(order, await this.dataOf(tx, order));
    await this.send(tx, 'order-shipped', order, data, `order-shipped:${order.id}:${order.trackingNumber ?? ''}`);
  }

  /**
   * With the tax invoice attached (issued in the same transaction, made into a PDF when the e-mail goes); an order of
   * gift cards alone has none, nothing being supplied (decision 0083).
   */
  async confirmation(tx: Transaction, order: OrderRow, lines?: OrderItemRow[]): Promise<void> {
    const invoice: MailAttachmentRef[] = holdsOnlyGiftCards(order) ? [] : [{ kind: 'invoice', orderId: order.id }];
    await this.send(tx, 'order-confirmation', order, await this.dataOf(tx, order, lines), `order-confirmation:${order.id}`, invoice);
  }

  /**
   * With the refund's credit note attached, when the order was invoiced. `refund` is the refund made (without it,
   * the order's own refund of everything); `transfer` when the shop paid it by UPI or bank transfer.
   */
  async refunded(
    tx: Transaction,
    order: OrderRow,
    refund?: { amountPaise: number; refundId: string; transfer?: RefundTransfer; toBalancesPaise?: number; toStoreCreditPaise?: number },
  ): Promise<void> {
    const refundId = refund?.refundId ?? order.providerRefundId;
    const attachments: MailAttachmentRef[] = refundId ? [{ kind: 'credit-note', orderId: order.id, refundId }] : [];
    const data = {
      ...(await this.dataOf(tx, order)),
      ...(refund ? { refundPaise: refund.amountPaise } : {}),
      ...(refund?.toBalancesPaise ? { toBalancesPaise: refund.toBalancesPaise } : {}),
      ...(refund?.toStoreCreditPaise ? { toStoreCreditPaise: refund.toStoreCreditPaise } : {}),
      ...(refund?.transfer ? { transfer: { method: OFFLINE_REFUND_METHOD_LABELS[refund.transfer.method], reference: refund.transfer.reference } } : {}),
    };
    await this.send(tx, 'refund-issued', order, data, `refund-issued:${order.id}:${refundId ?? ''}`, attachments);
  }

  /**
   * A review request still waiting (it goes a week after delivery) leaves out the potions the customer is sending
   * back, and is not sent at all when every potion is going back: nobody is asked to review a leaking bottle.
   * Called when a return is asked for; returns rejected later do not bring the request back.
   */
  async leaveReturnsOutOfReview(tx: Transaction, order: OrderRow): Promise<void> {
    const [queued] = await tx
      .select({ id: emailMessages.id, data: emailMessages.data })
      .from(emailMessages)
      .where(and(eq(emailMessages.dedupeKey, `review-request:${order.id}`), eq(emailMessages.status, 'queued')));
    if (!queued) return;
    const [items, returns] = await Promise.all([
      tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
      tx.select({ lines: orderReturns.lines }).from(orderReturns).where(and(eq(orderReturns.orderId, order.id), ne(orderReturns.status, 'rejected'))),
    ]);
    const returning = new Map<number, number>();
    for (const entry of returns) for (const line of entry.lines) returning.set(line.orderItemId, (returning.get(line.orderItemId) ?? 0) + line.quantity);
    const kept = items.filter((item) => item.quantity > (returning.get(item.id) ?? 0));
    // Never sent, so nothing of it is kept: the worker that comes for it finds no message and moves on.
    if (kept.length === 0) await tx.delete(emailMessages).where(eq(emailMessages.id, queued.id));
    else if (kept.length < items.length) await tx.update(emailMessages).set({ data: { ...orderMailDataOf(order, kept) } }).where(eq(emailMessages.id, queued.id));
  }

  async returnUpdate(tx: Transaction, order: OrderRow, update: { statusName: string; message: string; refundPaise: number; key: string }): Promise<void> {
    const data = { orderNumber: order.orderNumber, customerName: order.customerName, statusName: update.statusName, message: update.message, refundPaise: update.refundPaise };
    await this.send(tx, 'return-update', order, data, `return-update:${update.key}`);
  }

  /**
   * The gift receipt the buyer asked for, once per order: to the recipient's address (typed at checkout, so it
   * counts against that mailbox's daily allowance), with what is in the parcel and the message, never a price.
   */
  private async giftReceipt(tx: Transaction, order: OrderRow, data: OrderMailData, queue: MailQueue = this.outbox): Promise<void> {
    const to = order.gift?.recipientEmail;
    if (!to) return;
    await queue.enqueue(tx, {
      template: 'gift-receipt',
      to,
      data: {
        orderNumber: order.orderNumber,
        recipientName: order.gift?.recipientName ?? '',
        senderName: order.customerName,
        message: order.gift?.message ?? '',
        items: data.items.map(({ name, size, quantity }) => ({ name, size, quantity })),
        carrier: order.carrier,
        trackingNumber: order.trackingNumber,
      },
      dedupeKey: `gift-receipt:${order.id}`,
      category: 'transactional',
      typedByVisitor: true,
    });
  }

  private async send<Name extends TemplateName>(
    tx: Transaction,
    template: Name,
    order: OrderRow,
    data: TemplateData<Name>,
    dedupeKey: string,
    attachments?: MailAttachmentRef[],
    queue: MailQueue = this.outbox,
  ): Promise<void> {
    await queue.enqueue(tx, { template, to: order.customerEmail, data, dedupeKey, category: 'transactional', ...(attachments?.length ? { attachments } : {}) });
  }

  /** `lines`: the order's lines when the caller has them in hand (a new order), else they are read. */
  private async dataOf(tx: Transaction, order: OrderRow, lines?: OrderItemRow[]): Promise<OrderMailData> {
    const data = orderMailDataOf(order, lines ?? (await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id))));
    // Only an order that bought gift cards reads them: the others spend no statement on it.
    return order.vouchersPaise > 0 ? { ...data, giftCards: await cardsBoughtWith(tx, order.id) } : data;
  }

  private async wantsUpdates(tx: Transaction, userId: string): Promise<boolean> {
    const [user] = await tx.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
    return user?.preferences.orderUpdates !== false;
  }
}

function shipmentOf(order: OrderRow, data: OrderMailData): ShipmentMailData {
  return { ...data, carrier: order.carrier, trackingNumber: order.trackingNumber };
}
