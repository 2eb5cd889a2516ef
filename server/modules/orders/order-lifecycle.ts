import type { StockUnitsLine } from '../../../domain/sets.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { ADMIN_NOTICE_PERMISSION, nextState, type AdminNotice, type CreditNoteCause, type LifecycleEffect, type LifecycleEvent, type LifecycleState, type MailKind, type Notice, type RefusalCode } from '../../../domain/order-lifecycle.ts';
import { formatPaise } from '../../../domain/money.ts';
import { holdsOnlyGiftCards } from '../../../domain/gift-card-sale.ts';
import { Refusal } from '../../../domain/refusal.ts';
import { statusChangeMessage } from '../../../domain/orders.ts';
import { RETURN_STATUSES_RECEIVED } from '../../../domain/returns.ts';
import { COD_PAYMENT_METHOD } from '../../../domain/cod-progress.ts';
import { cashDuePaise } from '../../../domain/cash-on-delivery.ts';
import { OFFLINE_REFUND_METHOD_LABELS, refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { offlineRefunds, orderItems, orderReturns, orderStatusHistory, orders } from '../../db/schema/index.ts';
import { setEach } from '../../db/update-many.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { NotificationAudience, NotificationInput, NotificationService } from '../notifications/notification-service.ts';
import type { LifecycleBatch, HistoryEntry } from './lifecycle-batch.ts';
import type { OrderRow } from './order-dto.ts';
import type { OrderMails } from './order-mails.ts';
import { convertHeldStock, returnStock, Shortfall, takeStock } from '../inventory/stock.ts';
import { refundMadeText, refundPartsOf, refundTouchesBalances, type TransferRefundSplit } from '../../../domain/balances.ts';
import { refundBalancesPart } from '../balances/tenders.ts';
import { transferRefundSplit } from '../refunds/transfer-split.ts';

/** Why a payment became a refund case, as the customer's notice words it. */
const REFUND_CAUSES = { stock: 'an item sold out while you paid', coupon: 'the coupon ran out while you paid', amount: 'the amount taken did not match the order', balance: 'a gift card or store credit was spent before you paid' } as const;

export const SYSTEM_ACTOR = 'System';

/** Who caused the event: an admin, or the shop itself (payments, webhooks) when null. */
export type LifecycleActor = { id: string; name: string } | null;

/**
 * An event the lifecycle table refuses for the order's state, or a reopening whose units are gone: a conflict
 * (409) whose message names the order. `code` says which rule refused it.
 */
export class OrderLifecycleRefusal extends Refusal {
  constructor(
    readonly code: RefusalCode | 'short-of-stock',
    message: string,
    readonly shortfall?: Shortfall,
  ) {
    super('conflict', message);
  }
}

export type StockChange = Awaited<ReturnType<typeof takeStock>>[number];

export interface Applied {
  order: OrderRow;
  /** Stock rows this event moved, for low-stock alerts and the catalogue cache. */
  stockTaken: StockChange[];
  stockMoved: boolean;
}

export interface ApplyOptions {
  /** The event's own facts, written with the state (a refund's id and time). */
  set?: Partial<OrderRow>;
  /** The order's units are already set aside by its checkout's stock hold: taking them converts the hold. */
  stockHeld?: boolean;
  /**
   * The order's lines as the caller has just written them (a new order, so no return has taken any back):
   * the stock step, the e-mails and the invoice use them instead of reading them again.
   */
  lines?: OrderItemRow[];
  /** For return events: which return, its units, and how the customer reads its step. */
  returned?: { returnId: number; lines: StockLine[]; statusName: string; refundPaise: number };
  /**
   * Many events in one transaction (the courier's batches): an event whose effects are only history, notices, the
   * journey e-mail and the order's own columns leaves them to the batch's `flush`, one statement each for all.
   */
  batch?: LifecycleBatch;
}

/** Effects whose writes lock nothing another order's writer needs, so they may wait for the batch's flush. */
function gatherable(effect: LifecycleEffect): boolean {
  if (effect.kind === 'mail') return effect.mail === 'status-changed' && !effect.withInvoice;
  return effect.kind === 'history' || effect.kind === 'notify' || effect.kind === 'record-delivery';
}

type StockLine = StockUnitsLine;

/**
 * Tax documents (GST invoices and credit notes) hang here, called in the event's transaction. An invoice hook
 * does what locks nothing shared (the lines' tax split) when called, and may return the step that numbers the
 * invoice, which takes its series' counter row and so is run last.
 */
export type InvoiceHook = (tx: Transaction, order: OrderRow, lines?: OrderItemRow[]) => Promise<(() => Promise<void>) | undefined>;
type OrderItemRow = typeof orderItems.$inferSelect;
export type CreditNoteHook = (tx: Transaction, order: OrderRow, cause: CreditNoteCause) => Promise<void>;
/**
 * Gives back what gift cards and store credit paid of a cash-on-delivery order that ended without its cash, in the
 * event's transaction after its stock rows and before its own row (the order a checkout takes them in).
 */
export type BalancesBackHook = (tx: Transaction, order: OrderRow) => Promise<void>;
/** Another channel (WhatsApp) of the message an event e-mails, called in the event's transaction after the e-mail. */
export type MessageHook = (tx: Transaction, order: OrderRow, mail: MailKind, event: LifecycleEvent) => Promise<void>;

export function lifecycleStateOf(order: OrderRow): LifecycleState {
  return {
    status: order.status,
    paymentStatus: order.paymentStatus,
    holdsStock: order.holdsStock,
    totalPaise: order.totalPaise,
    refundedPaise: order.refundedPaise,
    ...(holdsOnlyGiftCards(order) ? { giftCardsOnly: true } : {}),
    ...(order.paymentMethod === COD_PAYMENT_METHOD ? { codConfirmed: order.codConfirmedAt !== null, invoiced: order.invoiceNumber !== null } : {}),
  };
}

/**
 * The one writer of an order's `status` and `paymentStatus` (and `holdsStock`, `refundedPaise`): it looks the
 * event up in the table (domain/order-lifecycle.ts) and carries out the effects in the caller's transaction.
 * The caller has locked the order row (`for update`), so events on one order never interleave.
 */
export class OrderLifecycle {
  private readonly invoiceHooks: InvoiceHook[] = [];
  private readonly creditNoteHooks: CreditNoteHook[] = [];
  private readonly messageHooks: MessageHook[] = [];
  private readonly balancesBackHooks: BalancesBackHook[] = [];

  constructor(
    private readonly notifications: NotificationService,
    private readonly mails: OrderMails,
    private readonly clock: () => Date,
  ) {}

  onInvoice(hook: InvoiceHook): void {
    this.invoiceHooks.push(hook);
  }

  onCreditNote(hook: CreditNoteHook): void {
    this.creditNoteHooks.push(hook);
  }

  onMessage(hook: MessageHook): void {
    this.messageHooks.push(hook);
  }

  onBalancesBack(hook: BalancesBackHook): void {
    this.balancesBackHooks.push(hook);
  }

  /** Whether the table would take this event now, without doing anything (checked before asking a provider). */
  check(order: OrderRow, event: LifecycleEvent): void {
    const transition = nextState(lifecycleStateOf(order), event);
    if (!transition.ok) throw new OrderLifecycleRefusal(transition.refusal.code, `Order ${order.orderNumber} ${transition.refusal.message}`);
  }

  /**
   * Applies `event` to the locked `order`.
   * First what locks nothing other orders need (history, notices, e-mails, an invoice's tax split); with
   * `options.batch`, an event that writes nothing else leaves those and its row to the batch's `flush`. Then stock,
   * then the row: the row's update is what the daily sales rollup's triggers count, and they lock the day's rollup
   * rows, so every writer takes stock rows before rollup rows and none wait in a cycle. Tax documents come last of
   * all: numbering one locks its series' counter for the year, a row every paid order and every refund takes,
   * until the commit. Each shared row is so held from as late as it can be, and always in that order.
   */
  async apply(tx: Transaction, order: OrderRow, event: LifecycleEvent, actor: LifecycleActor, options: ApplyOptions = {}): Promise<Applied> {
    const alsoSet = options.set ?? {};
    const transition = nextState(lifecycleStateOf(order), event);
    if (!transition.ok) throw new OrderLifecycleRefusal(transition.refusal.code, `Order ${order.orderNumber} ${transition.refusal.message}`);
    const { next, effects } = transition;
    const now = this.clock();

    const stateSet = {
      status: next.status,
      paymentStatus: next.paymentStatus,
      holdsStock: next.holdsStock,
      refundedPaise: next.refundedPaise,
      ...(effects.some((effect) => effect.kind === 'record-delivery') ? { deliveredAt: now } : {}),
      updatedAt: now,
    };
    // The order as the update below leaves it: the history, notices and e-mails are written from it first, since
    // they lock nothing another order needs, and the rows that others do need (stock, the rollup's, the document
    // counter) are taken after them, each held only from there to the commit.
    const projected: OrderRow = { ...order, ...alsoSet, ...stateSet };
    const batch = options.batch && effects.every(gatherable) ? options.batch : null;
    const history: HistoryEntry[] = [];
    const creditNotes: Extract<LifecycleEffect, { kind: 'issue-credit-note' }>[] = [];
    const invoiceNumberings: (() => Promise<void>)[] = [];
    const notices: (NotificationAudience & NotificationInput)[] = [];
    // The split of a refund opened for the shop to transfer (cash on delivery): its notices and e-mail word it.
    let opened: TransferRefundSplit | null = null;
    for (const effect of effects) {
      switch (effect.kind) {
        case 'history':
          // A millisecond apart, so two entries of one event read in the order they were written.
          history.push({
            orderId: order.id,
            status: effect.status,
            note: effect.note,
            event: event.type,
            updatedBy: actor?.name ?? SYSTEM_ACTOR,
            actorId: actor?.id ?? null,
            createdAt: new Date(now.getTime() + history.length),
          });
          break;
        case 'notify':
          notices.push(this.noticeFor(projected, effect, event, options, opened));
          break;
        case 'mail':
          if (batch) batch.journeys.push(projected);
          else await this.mail(tx, projected, effect, event, options, opened);
          for (const hook of this.messageHooks) await hook(tx, projected, effect.mail, event);
          break;
        case 'issue-invoice':
          for (const hook of this.invoiceHooks) {
            const numbering = await hook(tx, projected, options.lines);
            if (numbering) invoiceNumberings.push(numbering);
          }
          break;
        case 'issue-credit-note':
          creditNotes.push(effect);
          break;
        case 'open-refund':
          if (refundedByTransfer(projected)) opened = await this.openTransferRefund(tx, projected, effect, options, now);
          break;
        case 'withdraw-refund':
          if (refundedByTransfer(projected)) {
            await tx
              .update(offlineRefunds)
              .set({ status: 'withdrawn' })
              .where(and(eq(offlineRefunds.orderId, order.id), eq(offlineRefunds.status, 'awaiting'), isNull(offlineRefunds.returnId)));
          }
          break;
        // Stock moves below; a refund through the provider is the payment status itself, announced by its 'notify' effect.
        case 'take-stock':
        case 'give-stock-back':
        case 'restock-returned':
        case 'record-delivery':
        case 'give-balances-back':
          break;
      }
    }
    if (batch) {
      batch.history.push(...history);
      batch.notices.push(...notices);
      batch.orders.set(order.id, { ...batch.orders.get(order.id), ...alsoSet, ...stateSet });
      return { order: projected, stockTaken: [], stockMoved: false };
    }
    await this.writeHistory(tx, history);
    await this.notifications.notifyAll(notices, tx);

    let stockTaken: StockChange[] = [];
    let stockMoved = false;
    const stockEffects = effects.filter((effect) => effect.kind === 'take-stock' || effect.kind === 'give-stock-back' || effect.kind === 'restock-returned');
    if (stockEffects.length) {
      const lines = options.lines ?? (await this.unitsStillWithOrder(tx, order.id));
      for (const effect of stockEffects) {
        if (effect.kind === 'restock-returned') await returnStock(tx, options.returned?.lines ?? []);
        else if (effect.kind === 'give-stock-back') await returnStock(tx, lines);
        else if (options.stockHeld) await convertHeldStock(tx, lines);
        else stockTaken = await this.takeStockOf(tx, order, lines);
        stockMoved = true;
      }
    }

    // Balance rows after stock rows, as a checkout takes them; an order no balance paid has nothing to give back.
    if (order.balancesPaise > 0 && effects.some((effect) => effect.kind === 'give-balances-back')) {
      for (const hook of this.balancesBackHooks) await hook(tx, projected);
    }
    // A cancelled COD order that owes no cash, only what its balances paid: there is no transfer to wait for, so
    // they get it back now, and the refund is recorded below (docs/decisions/0087).
    const refundNow = opened && opened.transferPaise === 0 && opened.balancesPaise > 0 ? opened.balancesPaise : 0;
    if (refundNow > 0) await refundBalancesPart(tx, projected, refundNow, now, { actorId: actor?.id ?? null, note: `Refund of cancelled order ${order.orderNumber}` });

    const [after] = await tx
      .update(orders)
      .set({ ...alsoSet, ...stateSet })
      .where(eq(orders.id, order.id))
      .returning();
    if (!after) throw new Error(`Order ${order.orderNumber} vanished while it was locked`);

    for (const numbering of invoiceNumberings) await numbering();
    for (const { cause } of creditNotes) for (const hook of this.creditNoteHooks) await hook(tx, after, cause);
    if (refundNow > 0) {
      // One refund event, as a balances-only refund of an order paid online: the order counts it, its credit note and e-mail.
      const refundId = `balances-${order.id}`;
      const refunded = await this.apply(tx, after, { type: 'refund-succeeded', of: 'order', amountPaise: refundNow, refundId, toBalancesPaise: refundNow }, actor, {
        set: { providerRefundId: refundId, refundedAt: now },
      });
      return { order: refunded.order, stockTaken, stockMoved };
    }
    return { order: after, stockTaken, stockMoved };
  }

  /**
   * Writes what a batch of events gathered (see `ApplyOptions.batch`), one statement per kind for every order in
   * it: history, then the e-mails (the journey's made now, their orders' lines and customers' preferences read
   * once), the notices, and last the orders' rows, as `apply` writes them for one event.
   */
  async flush(tx: Transaction, batch: LifecycleBatch): Promise<void> {
    await this.writeHistory(tx, batch.history);
    await this.mails.journeys(tx, batch.journeys, batch.emails);
    await this.notifications.notifyAll(batch.notices, tx);
    if (batch.orders.size === 0) return;
    const changes = [...batch.orders].map(([key, set]) => ({ key, set }));
    await tx
      .update(orders)
      .set(setEach(orders, orders.id, changes))
      .where(inArray(orders.id, changes.map((change) => change.key)));
  }

  private async writeHistory(tx: Transaction, entries: readonly HistoryEntry[]): Promise<void> {
    if (entries.length) await tx.insert(orderStatusHistory).values([...entries]);
  }

  /**
   * Cash collected on delivery is refunded by the shop's own UPI or bank transfer: the refund waits as a row an
   * admin records as paid. The whole order's refund takes in the returns' shares still waiting (it is all the
   * order owes), so one transfer pays it all. When gift cards or store credit paid part of the order, the row's
   * transfer is only the cash part and it carries the balances' part, given back when it is recorded paid
   * (docs/decisions/0087); an amount that is all the balances' opens no row: `apply` refunds it at once.
   */
  private async openTransferRefund(
    tx: Transaction,
    order: OrderRow,
    effect: Extract<LifecycleEffect, { kind: 'open-refund' }>,
    options: ApplyOptions,
    now: Date,
  ): Promise<TransferRefundSplit | null> {
    if (effect.amountPaise <= 0) return null;
    if (effect.of === 'order') {
      await tx
        .update(offlineRefunds)
        .set({ status: 'withdrawn' })
        .where(and(eq(offlineRefunds.orderId, order.id), eq(offlineRefunds.status, 'awaiting')));
    }
    const split = await transferRefundSplit(tx, order, effect.amountPaise);
    if (split.transferPaise === 0) {
      // A return's share is refunded at once by the return itself, which asks for the split before it applies this.
      if (effect.of === 'lines') throw new Error(`Order ${order.orderNumber}'s return share goes only onto balances: it is refunded at once, not transferred`);
      return split;
    }
    await tx.insert(offlineRefunds).values({
      orderId: order.id,
      returnId: effect.of === 'lines' ? (options.returned?.returnId ?? null) : null,
      amountPaise: split.transferPaise,
      balancesPaise: split.balancesPaise,
      createdAt: now,
    });
    return split;
  }

  /** In a savepoint: a shortfall on the third product must not leave the first two taken. */
  private async takeStockOf(tx: Transaction, order: OrderRow, lines: StockLine[]): Promise<StockChange[]> {
    try {
      return await tx.transaction((savepoint) => takeStock(savepoint, lines));
    } catch (error) {
      if (error instanceof Shortfall) throw new OrderLifecycleRefusal('short-of-stock', `Order ${order.orderNumber} cannot take its stock: ${error.message}`, error);
      throw error;
    }
  }

  private async mail(
    tx: Transaction,
    order: OrderRow,
    { mail, withInvoice }: Extract<LifecycleEffect, { kind: 'mail' }>,
    event: LifecycleEvent,
    options: ApplyOptions,
    opened: TransferRefundSplit | null,
  ): Promise<void> {
    if (mail === 'order-confirmation') await this.mails.confirmation(tx, order, options.lines);
    else if (mail === 'order-cancelled') await this.mails.statusChanged(tx, order, 'cancelled', { toBalancesPaise: opened?.balancesPaise ?? 0 });
    else if (mail === 'status-changed') await this.mails.statusChanged(tx, order, order.status, { withInvoice: withInvoice === true });
    else if (mail === 'cod-placed' || mail === 'cod-confirmed' || mail === 'cod-not-confirmed' || mail === 'cod-cancelled') await this.mails.cashOnDelivery(tx, order, mail, options.lines);
    else if (mail === 'refund-issued') {
      const refund =
        event.type === 'refund-succeeded'
          ? {
              amountPaise: event.amountPaise,
              refundId: event.refundId,
              ...(event.transfer ? { transfer: event.transfer } : {}),
              ...(event.toBalancesPaise ? { toBalancesPaise: event.toBalancesPaise } : {}),
              ...(event.toStoreCreditPaise ? { toStoreCreditPaise: event.toStoreCreditPaise } : {}),
            }
          : undefined;
      await this.mails.refunded(tx, order, refund);
    } else if (options.returned && 'note' in event && event.note) {
      if (event.type === 'return-requested') await this.mails.leaveReturnsOutOfReview(tx, order);
      const { returnId, statusName, refundPaise } = options.returned;
      await this.mails.returnUpdate(tx, order, { statusName, message: event.note, refundPaise, key: `${returnId}:${event.type}` });
    }
  }

  /** The order's units less those that came back in a received return (restocked or written off). */
  private async unitsStillWithOrder(tx: Transaction, orderId: string): Promise<StockLine[]> {
    const [items, received] = await Promise.all([
      tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)),
      tx.select({ lines: orderReturns.lines }).from(orderReturns).where(and(eq(orderReturns.orderId, orderId), inArray(orderReturns.status, RETURN_STATUSES_RECEIVED))),
    ]);
    const back = new Map<number, number>();
    for (const entry of received) for (const line of entry.lines) back.set(line.orderItemId, (back.get(line.orderItemId) ?? 0) + line.quantity);
    return items.map((item) => ({ ...item, quantity: item.quantity - (back.get(item.id) ?? 0) })).filter((item) => item.quantity > 0);
  }

  /** Who is told what of this notice; the event's notices are then written together. */
  private noticeFor(order: OrderRow, notice: Notice, event: LifecycleEvent, options: ApplyOptions, opened: TransferRefundSplit | null): NotificationAudience & NotificationInput {
    const customerUrl = `/orders/${order.orderNumber}`;
    const adminUrl = `/admin/orders?search=${order.orderNumber}`;
    const customer = (title: string, message: string, priority?: 'high') => ({ userId: order.userId, type: 'order' as const, title, message, actionUrl: customerUrl, ...(priority ? { priority } : {}) });
    // Called only in the admin notices' cases below, each heard by the staff who may act on it.
    const admins = (title: string, message: string, priority?: 'high') => ({ toStaffWith: ADMIN_NOTICE_PERMISSION[notice.notice as AdminNotice], type: 'order' as const, title, message, actionUrl: adminUrl, ...(priority ? { priority } : {}) });
    const payment = order.providerPaymentId ?? 'unknown';
    // Cash on delivery speaks of the cash: what gift cards and store credit paid is never asked of the customer again.
    const cash = formatPaise(cashDuePaise(order));
    switch (notice.notice) {
      case 'order-placed':
        return customer('Order Placed', `Your order ${order.orderNumber} has been received. We will start brewing it soon.`);
      case 'new-order':
        return admins('New Order', `Order ${order.orderNumber} from ${order.customerName}: ${formatPaise(order.totalPaise)}`);
      case 'status-changed':
        return customer('Order Status Updated', statusChangeMessage(order.orderNumber, order.status));
      case 'payment-refund-started': {
        const what = event.type === 'paid-unfulfillable' ? REFUND_CAUSES[event.reason] : REFUND_CAUSES.stock;
        return customer(
          'Payment Refund Started',
          `We received your payment for ${order.orderNumber}, but ${what}. The order is cancelled and a full refund of ${formatPaise(order.totalPaise)} is on its way.`,
          'high',
        );
      }
      case 'refund-needed':
        if (refundedByTransfer(order)) {
          const owed = event.type === 'refund-owed' ? event.amountPaise : order.totalPaise - order.refundedPaise;
          const split = opened ?? { transferPaise: owed, balancesPaise: 0 };
          const why = event.type === 'refund-owed' ? 'for a return of an order paid in cash' : 'for an order cancelled after its cash was collected';
          if (split.transferPaise === 0) {
            return admins(
              'Refunded to Balances',
              `Order ${order.orderNumber}'s refund of ${formatPaise(split.balancesPaise)} ${why} went back onto the gift cards and store credit that paid it: nothing to transfer.`,
            );
          }
          const onto = split.balancesPaise > 0 ? ` Recording it puts the other ${formatPaise(split.balancesPaise)} back onto the gift cards and store credit that paid.` : '';
          return admins(
            'Refund to Transfer',
            `Order ${order.orderNumber} owes ${order.customerName} ${formatPaise(split.transferPaise)} ${why}. Transfer it by UPI or bank transfer, then record its UTR on the order.${onto}`,
            'high',
          );
        }
        return admins(
          'Refund Needed',
          event.type === 'paid-unfulfillable'
            ? `Order ${order.orderNumber} was paid (${formatPaise(order.totalPaise)}, payment ${payment}) but cancelled: ${event.message}. Refund the customer from the order's detail.`
            : `Order ${order.orderNumber} was cancelled after payment (payment ${payment}). Refund the customer from the order's detail.`,
          'high',
        );
      case 'refund-issued': {
        const amount = event.type === 'refund-succeeded' ? event.amountPaise : order.refundedPaise;
        // What went back onto gift cards and store credit is said as such: no card or transfer is promised for it.
        const parts = refundPartsOf(amount, event.type === 'refund-succeeded' ? event : {});
        const onto = parts.toBalancesPaise;
        const ontoText = onto > 0 ? ` ${formatPaise(onto)} is back on the gift cards and store credit you paid with.` : '';
        if (event.type === 'refund-succeeded' && event.transfer) {
          return customer(
            'Refund Sent',
            `We have sent your refund of ${formatPaise(amount - onto)} for order ${order.orderNumber} by ${OFFLINE_REFUND_METHOD_LABELS[event.transfer.method]} (UTR ${event.transfer.reference}).${ontoText}`,
          );
        }
        if (onto === amount && onto > 0) {
          return customer('Refund Issued', `We have put ${formatPaise(amount)} for order ${order.orderNumber} back on the gift cards and store credit you paid with.`);
        }
        if (refundTouchesBalances(parts)) return customer('Refund Issued', refundMadeText(order.orderNumber, parts, { opens: true }));
        return customer(
          'Refund Issued',
          `We have refunded ${formatPaise(amount)} for order ${order.orderNumber} to the card you paid with. Banks usually take 5-7 working days to show it.`,
        );
      }
      case 'cod-placed':
        return customer(
          'Please Confirm Your Order',
          `Your order ${order.orderNumber} is to be paid on delivery (${cash}). Confirm it from the e-mail we sent or your order's page, or it will be cancelled in 24 hours.`,
          'high',
        );
      case 'cod-collected':
        return customer('Payment Received', `We received ${cash} in cash for order ${order.orderNumber}. Your invoice is on your order's page.`);
      case 'cod-confirmed-by-you':
        return customer('Order Confirmed', `Thank you for confirming order ${order.orderNumber}. We are preparing it; pay ${cash} in cash when it arrives.`);
      case 'cod-confirmed':
        return admins('COD Order Confirmed', `${order.customerName} confirmed cash-on-delivery order ${order.orderNumber} (${cash} to collect): it can be shipped.`);
      case 'cod-returned':
        return admins('Parcel Returned to Origin', `Cash-on-delivery order ${order.orderNumber} came back unpaid; its potions are back in stock.`);
      case 'return-requested':
        return admins('Return Requested', `${order.customerName} asked to return part of order ${order.orderNumber}. Approve or reject it in Returns.`);
      case 'return-update':
        return customer(`Return ${options.returned?.statusName ?? 'Updated'}`, 'note' in event && event.note ? event.note : `Your return for order ${order.orderNumber} was updated.`);
      case 'refund-failed': {
        const failed = event.type === 'refund-failed' || event.type === 'refund-declined' ? event : null;
        const detail = failed ? `refund ${failed.refundId} of ${formatPaise(failed.amountPaise)}` : 'a refund';
        // A return's refund is retried from that return, unless the order was cancelled since: then it is part of the order's refund.
        const fromReturn = options.returned && order.paymentStatus === 'paid';
        const next = fromReturn ? `Retry it from Returns (return ${options.returned!.returnId}).` : "Refund it again from the order's detail.";
        return admins('Refund Failed', `Razorpay could not complete ${detail} for order ${order.orderNumber} (${failed?.reason ?? 'unknown reason'}). ${next}`, 'high');
      }
    }
  }
}
