/**
 * The order lifecycle: every change of an order's `status` and `paymentStatus` is an event looked up here, and
 * the answer is the next state plus the effects the server carries out in the same transaction (stock, refund,
 * notices, e-mails, history, invoice hooks). Pure: the server's `OrderLifecycle.apply` is the one place that
 * writes those two columns, and it writes what `nextState` returns.
 *
 * | event               | from (status / payment)                  | to                                      | effects |
 * | ---                 | ---                                      | ---                                     | --- |
 * | paid                | pending / pending                        | pending / paid, holds stock             | take stock, history, notify customer + admins, confirmation mail, issue invoice |
 * |   of gift cards alone | pending / pending                      | pending / paid, holds nothing           | history, notify customer, confirmation mail: no stock, no invoice (nothing supplied) |
 * | any status change   | an order of gift cards alone             | refused (409): no parcel, no refund     | |
 * | paid-unfulfillable  | pending / pending                        | cancelled / refund_pending              | history ×2, open refund, notify customer, cancellation mail |
 * | admin-set-status X  | any paid state, X ≠ current              | X (the spec: any status from the modal) | see below |
 * |   X = cancelled     |                                          | holds no stock; paid → refund_pending   | give stock back, open refund when paid, cancellation mail |
 * |   X ≠ cancelled     | refunded → refused (409)                 | holds stock; refund_pending → paid      | take stock (409 when short), issue invoice when it becomes paid, progress mail |
 * | cancel / delivered  | shorthands for admin-set-status cancelled / delivered |                            | |
 * | shipments-moved X   | as admin-set-status X: the order's parcels (domain/shipments.ts) reached X, as the courier reported | | |
 * | refund-succeeded A, of order | refund_pending, A = what is still owed | refunded                          | history, notify customer, refund mail, credit note |
 * |   (by transfer)     | the same, for cash collected on delivery: the shop's UPI or bank transfer, with its UTR            | | |
 * | refund-succeeded A, of lines | paid, 0 < A ≤ owed (a return)    | paid (refunded once nothing is owed), refunded += A | history, notify customer, refund mail, credit note |
 * | return-requested    | delivered (paid)                         | unchanged                               | history, notify admins + customer, mail |
 * | return-approved / -rejected / -received (restock?) | any paid state | unchanged                  | (put the returned units back), history, notify customer, mail |
 * | refund-failed A, of order | A ≤ refunded                       | cancelled or refunded → refund_pending; refunded −= A | history, notify admins |
 * | refund-failed A, of lines | A ≤ refunded (a return's refund)   | standing order → paid (a return's refund is retried from the return); cancelled → refund_pending; refunded −= A | history, notify admins |
 * | refund-declined A   | any paid state (provider said no at once) | unchanged                              | history, notify admins |
 * | refund-owed A       | paid, 0 < A ≤ owed (a return of an order paid in cash) | unchanged                 | open refund (to transfer), history, notify admins |
 * | open refund         | cash collected on delivery has no payment to refund: the refund waits as one to transfer (offline); the part balances paid goes back onto them when the transfer is recorded, or at once (refund-succeeded, `balances-…`) when no cash is owed (docs/decisions/0087) | | |
 * | reopening refund_pending → paid |                                  |                                         | withdraw the refund waiting to be transferred |
 * | cod-placed          | pending / pending                        | pending / cod_pending, holds stock      | take stock, history, notify customer + admins, 'please confirm' mail |
 * | cod-confirmed       | cod_pending, not cancelled, unconfirmed  | unchanged (confirmed)                   | history, notify admins + customer (live: every open page of theirs), 'order confirmed' mail |
 * | cod-expired         | cod_pending, not cancelled, unconfirmed  | cancelled / not_collected               | give stock back, give balances back, history, notify customer, 'not confirmed' mail |
 * | cod-collected       | cod_pending, not cancelled, confirmed    | delivered / paid                        | (record delivery), history, issue invoice unless dispatched, notify customer |
 * | cod-returned-to-origin | cod_pending, not cancelled            | cancelled / not_collected               | give stock back, give balances back, history, credit note when invoiced, notify customer + admins, cancellation mail |
 * | admin-set-status X on cod_pending | shipped / out-for-delivery / delivered refused until confirmed (409), the first of them issues the invoice (sent with its mail); cancelled → not_collected, stock back, balances back, no refund, credit note when invoiced; delivered does not make it paid |
 * | give balances back  | every way a cash-on-delivery order ends uncollected (cod_pending → not_collected, which is final, so once): what gift cards and store credit paid goes back onto them (docs/decisions/0084) |
 * | admin-set-status X on not_collected | refused: no cash will come for it, the customer orders again |
 *
 * Adding a payment state (e.g. cash on delivery's `cod_pending`) means: add it to PAYMENT_STATUSES
 * (domain/orders.ts), give it its rows in `TRANSITIONS` below (each event's function decides from the state),
 * and add an invariant to the property test (domain/order-lifecycle.test.ts) if it holds money or stock.
 */
import { refundedText, refundPartsOf, refundTouchesBalances } from './balances.ts';
import { formatPaise } from './money.ts';
import type { OrderStatus, PaymentStatus } from './orders.ts';
import type { ReturnLine } from './returns.ts';
import type { Permission } from './staff-roles.ts';

export interface LifecycleState {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** True while the order's units are out of the inventory. */
  holdsStock: boolean;
  /** Cash on delivery only: whether the customer confirmed the order (absent for orders paid online). */
  codConfirmed?: boolean;
  /** Cash on delivery only: whether its tax invoice was issued (at dispatch, CGST s.31(1)(a)). */
  invoiced?: boolean;
  /**
   * The order holds only gift cards (its bill has no lines, decision 0083): nothing is supplied, so nothing is taken
   * from the shelf or invoiced, and it has no parcel to move through the statuses.
   */
  giftCardsOnly?: boolean;
  /** What the customer paid (the order's total once captured). */
  totalPaise: number;
  /** How much of it has gone back to the customer, over all refunds. */
  refundedPaise: number;
}

/** An order is born as a row with the columns' defaults, before the payment step decides its fate. */
export const INITIAL_STATE: Pick<LifecycleState, 'status' | 'paymentStatus' | 'holdsStock' | 'refundedPaise'> = {
  status: 'pending',
  paymentStatus: 'pending',
  holdsStock: false,
  refundedPaise: 0,
};

export type LifecycleEvent =
  /** The payment was captured and the order's stock and coupon are still there. */
  | { type: 'paid' }
  /** The payment was captured, but stock or the coupon ran out while the customer paid. */
  | { type: 'paid-unfulfillable'; reason: 'stock' | 'coupon' | 'amount' | 'balance'; message: string }
  | { type: 'admin-set-status'; status: OrderStatus; note?: string | null }
  | { type: 'cancel'; note?: string | null }
  | { type: 'delivered'; note?: string | null }
  /** The order's shipments, taken together, reached this status (processing, shipped, out for delivery, delivered). */
  | { type: 'shipments-moved'; status: Exclude<OrderStatus, 'pending' | 'cancelled'>; note: string }
  /**
   * `of: 'order'` refunds a cancelled order whatever it still owes; `of: 'lines'` gives back part of a standing one.
   * `toBalancesPaise`: how much of the amount went back onto the gift cards and store credit that paid;
   * `toStoreCreditPaise`: how much went onto the customer's store credit at their choice instead of back to the card
   * (decision 0075). Both as the refund was made (the split executed, docs/decisions/0068); the history, notice,
   * e-mail and WhatsApp message say them apart (domain/balances.ts `refundPartsText`) and promise no card or
   * transfer for them. Absent: nothing went onto balances.
   */
  | {
      type: 'refund-succeeded';
      of: 'order' | 'lines';
      amountPaise: number;
      refundId: string;
      transfer?: RefundTransfer;
      returned?: readonly ReturnLine[];
      toBalancesPaise?: number;
      toStoreCreditPaise?: number;
    }
  /** A refund the provider had accepted failed later; `of` as for the refund that failed. */
  | { type: 'refund-failed'; of: 'order' | 'lines'; amountPaise: number; refundId: string; reason: string }
  /** A return's share is owed but cannot go back through a provider (cash on delivery): the shop transfers it. */
  | { type: 'refund-owed'; amountPaise: number }
  /** The provider declined a refund when asked: nothing was given back, but the admins must know. */
  | { type: 'refund-declined'; amountPaise: number; refundId: string; reason: string }
  /** Returns of a delivered order's lines (domain/returns.ts); `note` is what the history and the customer read. */
  | { type: 'return-requested'; note: string }
  | { type: 'return-approved'; note: string }
  | { type: 'return-rejected'; note: string }
  | { type: 'return-received'; restock: boolean; note: string }
  /** Cash on delivery (domain/cash-on-delivery.ts): placed, confirmed by its customer, then collected or not. */
  | { type: 'cod-placed' }
  | { type: 'cod-confirmed' }
  | { type: 'cod-expired' }
  | { type: 'cod-collected' }
  | { type: 'cod-returned-to-origin'; note?: string | null };

export type EventType = LifecycleEvent['type'];

/** A refund the shop paid itself (cash collected on delivery): how, and the transfer's UTR. */
export interface RefundTransfer {
  method: 'upi' | 'bank_transfer';
  reference: string;
}

/** Who hears of it, and which notice (the server words them). */
export type Notice =
  | { to: 'customer'; notice: 'order-placed' | 'status-changed' | 'payment-refund-started' | 'refund-issued' | 'return-update' | 'cod-placed' | 'cod-collected' | 'cod-confirmed-by-you' }
  | { to: 'admins'; notice: AdminNotice };

export type AdminNotice = 'new-order' | 'refund-needed' | 'refund-failed' | 'return-requested' | 'cod-confirmed' | 'cod-returned';

/**
 * Which staff hear of each back-office notice: those whose role may act on it (a packer hears of orders to ship,
 * not of refunds; support hears of return requests). Owners and managers hold every one of these.
 */
export const ADMIN_NOTICE_PERMISSION: Record<AdminNotice, Permission> = {
  'new-order': 'orders.fulfil',
  'cod-confirmed': 'orders.fulfil',
  'cod-returned': 'orders.fulfil',
  'refund-needed': 'orders.refund',
  'refund-failed': 'orders.refund',
  'return-requested': 'returns.approve',
};

/** `cod-*`: cash on delivery's own words (confirm your order; cancelled with nothing to refund; not confirmed in time). */
export type MailKind = 'order-confirmation' | 'order-cancelled' | 'status-changed' | 'refund-issued' | 'return-update' | 'cod-placed' | 'cod-confirmed' | 'cod-cancelled' | 'cod-not-confirmed';

export type LifecycleEffect =
  /** Take all the order's units out of the inventory; refused when they are no longer there. */
  | { kind: 'take-stock' }
  | { kind: 'give-stock-back' }
  /**
   * A cash-on-delivery order ended without its cash (cancelled, not confirmed, returned to origin): what gift cards
   * and store credit paid of it goes back onto them, since the goods were never supplied (docs/decisions/0084).
   */
  | { kind: 'give-balances-back' }
  /** Put a return's units back on the shelf (the order keeps holding the rest). */
  | { kind: 'restock-returned' }
  /** Remember when the order was delivered: the return window counts from it. */
  | { kind: 'record-delivery' }
  /**
   * The order now owes the customer `amountPaise` (all it still owes for `of: 'order'`, a return's share for
   * `of: 'lines'`): the admins are asked to refund it (through the provider, or by transfer for cash on delivery).
   */
  | { kind: 'open-refund'; of: 'order' | 'lines'; amountPaise: number }
  /** A cancelled order was reopened: the refund it was waiting for is no longer owed. */
  | { kind: 'withdraw-refund' }
  | ({ kind: 'notify' } & Notice)
  /** `withInvoice`: the tax invoice issued by this event goes with the e-mail (a receipt, sent whatever the customer's e-mail preferences). */
  | { kind: 'mail'; mail: MailKind; withInvoice?: true }
  | { kind: 'history'; status: OrderStatus; note: string | null }
  /**
   * Hooks for tax documents: an invoice when the order becomes paid (cash on delivery: when it is dispatched), a
   * credit note for each refund, and one for invoiced goods that never reached the buyer (a cash-on-delivery parcel
   * returned to origin or cancelled after dispatch), which gives back everything still invoiced with no money.
   */
  | { kind: 'issue-invoice' }
  | { kind: 'issue-credit-note'; cause: CreditNoteCause };

/** `returned`: the units a return's refund is for, which its credit note gives back (domain/credit-notes.ts). */
export type CreditNoteCause = { kind: 'refund'; amountPaise: number; refundId: string; returned?: readonly ReturnLine[] } | { kind: 'not-supplied' };

export type RefusalCode =
  | 'unchanged'
  | 'not-paid'
  | 'not-delivered'
  | 'already-paid'
  | 'refunded-cannot-reopen'
  | 'already-refunded'
  | 'not-awaiting-refund'
  | 'refund-too-large'
  | 'unknown-refund'
  | 'not-cash-on-delivery'
  | 'awaiting-confirmation'
  | 'already-confirmed'
  | 'not-collected-cannot-reopen'
  | 'gift-cards-only';

export interface LifecycleRefusal {
  code: RefusalCode;
  /** What is wrong, said of the order: the server prefixes 'Order DP-…'. */
  message: string;
}

export type Transition = { ok: true; next: LifecycleState; effects: LifecycleEffect[] } | { ok: false; refusal: LifecycleRefusal };

const refuse = (code: RefusalCode, message: string): Transition => ({ ok: false, refusal: { code, message } });

/** Said of an order of gift cards alone that staff or a courier report would move (the server prefixes 'Order DP-…'). */
export const GIFT_CARDS_ONLY_NO_STATUS = 'holds only gift cards, e-mailed to their recipients: it has no parcel to move, and a gift card bought is not cancelled or refunded';

/** No money has changed hands: nothing captured online, or cash not (yet) collected. */
function holdsNoMoney(paymentStatus: PaymentStatus): boolean {
  return paymentStatus === 'pending' || paymentStatus === 'failed' || paymentStatus === 'cod_pending' || paymentStatus === 'not_collected';
}

/** What the customer has paid and not had back. */
export function owedToCustomer(state: Pick<LifecycleState, 'paymentStatus' | 'totalPaise' | 'refundedPaise'>): number {
  if (holdsNoMoney(state.paymentStatus)) return 0;
  return state.totalPaise - state.refundedPaise;
}

function payment(state: LifecycleState, event: Extract<LifecycleEvent, { type: 'paid' | 'paid-unfulfillable' }>): Transition {
  if (state.paymentStatus !== 'pending') return refuse('already-paid', 'was already paid');
  if (event.type === 'paid' && state.giftCardsOnly) {
    // A voucher's sale is not a supply (Circular 243/37/2024-GST, decision 0074): no goods leave, no tax invoice is
    // issued; the cards are issued and e-mailed by the payment's own hook. No parcel, so the packers hear nothing.
    return {
      ok: true,
      next: { ...state, paymentStatus: 'paid' },
      effects: [
        { kind: 'history', status: state.status, note: 'Payment received' },
        { kind: 'notify', to: 'customer', notice: 'order-placed' },
        { kind: 'mail', mail: 'order-confirmation' },
      ],
    };
  }
  if (event.type === 'paid') {
    return {
      ok: true,
      next: { ...state, paymentStatus: 'paid', holdsStock: true },
      effects: [
        { kind: 'take-stock' },
        { kind: 'history', status: state.status, note: 'Payment received' },
        { kind: 'notify', to: 'customer', notice: 'order-placed' },
        { kind: 'notify', to: 'admins', notice: 'new-order' },
        { kind: 'mail', mail: 'order-confirmation' },
        { kind: 'issue-invoice' },
      ],
    };
  }
  return {
    ok: true,
    next: { ...state, status: 'cancelled', paymentStatus: 'refund_pending', holdsStock: false },
    effects: [
      { kind: 'history', status: state.status, note: 'Payment received' },
      { kind: 'history', status: 'cancelled', note: `${event.message} while the payment was made; a full refund is due` },
      { kind: 'open-refund', of: 'order', amountPaise: state.totalPaise },
      { kind: 'notify', to: 'customer', notice: 'payment-refund-started' },
      { kind: 'notify', to: 'admins', notice: 'refund-needed' },
      { kind: 'mail', mail: 'order-cancelled' },
    ],
  };
}

/**
 * The spec lets an admin set any status from the modal to correct mistakes; stock and money follow the status:
 * cancelling gives the units back and turns a paid order into a refund case, reopening takes the units again.
 */
function setStatus(state: LifecycleState, target: OrderStatus, note: string | null): Transition {
  // Its cards are issued and on their way by e-mail: there is no parcel to move, and cancelling would refund a
  // card its recipient may already hold (a card bought is not refunded, decisions 0074 and 0083).
  if (state.giftCardsOnly) return refuse('gift-cards-only', GIFT_CARDS_ONLY_NO_STATUS);
  if (target === state.status) return refuse('unchanged', `is already ${target}`);
  // Only the payment step moves an order that has no captured payment (it exists only inside that step).
  if (state.paymentStatus === 'pending' || state.paymentStatus === 'failed') return refuse('not-paid', 'has no captured payment yet');
  if (state.paymentStatus === 'cod_pending' || state.paymentStatus === 'not_collected') return setCodStatus(state, target, note);
  const next: LifecycleState = { ...state, status: target };
  const effects: LifecycleEffect[] = [];
  if (target === 'cancelled') {
    if (state.holdsStock) {
      effects.push({ kind: 'give-stock-back' });
      next.holdsStock = false;
    }
    if (state.paymentStatus === 'paid' && owedToCustomer(state) > 0) {
      next.paymentStatus = 'refund_pending';
      effects.push({ kind: 'open-refund', of: 'order', amountPaise: owedToCustomer(state) });
    }
  } else {
    if (state.paymentStatus === 'refunded') return refuse('refunded-cannot-reopen', 'was refunded, so it cannot be reopened; the customer can place a new order');
    if (!state.holdsStock) {
      effects.push({ kind: 'take-stock' });
      next.holdsStock = true;
    }
    if (state.paymentStatus === 'refund_pending') {
      next.paymentStatus = 'paid';
      effects.push({ kind: 'withdraw-refund' }, { kind: 'issue-invoice' });
    }
  }
  if (target === 'delivered') effects.push({ kind: 'record-delivery' });
  effects.push(
    { kind: 'history', status: target, note },
    { kind: 'mail', mail: target === 'cancelled' ? 'order-cancelled' : 'status-changed' },
    { kind: 'notify', to: 'customer', notice: 'status-changed' },
  );
  if (next.paymentStatus === 'refund_pending' && state.paymentStatus !== 'refund_pending') effects.push({ kind: 'notify', to: 'admins', notice: 'refund-needed' });
  return { ok: true, next, effects };
}

function refundSucceeded(state: LifecycleState, event: Extract<LifecycleEvent, { type: 'refund-succeeded' }>): Transition {
  const owed = owedToCustomer(state);
  if (state.paymentStatus === 'refunded') return refuse('already-refunded', 'was already refunded');
  if (event.of === 'order') {
    // A cancelled paid order is refunded whatever it still owes, in one go.
    if (state.paymentStatus !== 'refund_pending') return refuse('not-awaiting-refund', 'is not waiting for a refund: only a cancelled paid order can be refunded');
    if (event.amountPaise !== owed) return refuse('refund-too-large', `owes the customer ${formatPaise(owed)}, not ${formatPaise(event.amountPaise)}`);
  } else {
    // Returned lines of a paid order: never more than was paid and not yet given back.
    if (state.paymentStatus !== 'paid') return refuse('not-awaiting-refund', 'has no payment standing to refund lines of');
    if (event.amountPaise <= 0 || event.amountPaise > owed) return refuse('refund-too-large', `owes the customer ${formatPaise(owed)}, not ${formatPaise(event.amountPaise)}`);
  }
  const refundedPaise = state.refundedPaise + event.amountPaise;
  return {
    ok: true,
    next: { ...state, refundedPaise, paymentStatus: refundedPaise === state.totalPaise ? 'refunded' : state.paymentStatus },
    effects: [
      {
        kind: 'history',
        status: state.status,
        note: refundHistoryNote(event),
      },
      { kind: 'notify', to: 'customer', notice: 'refund-issued' },
      { kind: 'mail', mail: 'refund-issued' },
      { kind: 'issue-credit-note', cause: { kind: 'refund', amountPaise: event.amountPaise, refundId: event.refundId, ...(event.returned ? { returned: event.returned } : {}) } },
    ],
  };
}

/** The history's line for a refund: how much, and where each part went when some went onto balances. */
function refundHistoryNote(event: Extract<LifecycleEvent, { type: 'refund-succeeded' }>): string {
  const parts = refundPartsOf(event.amountPaise, event);
  const transfer = event.transfer ? `by ${event.transfer.method === 'upi' ? 'UPI' : 'bank transfer'} (UTR ${event.transfer.reference})` : null;
  if (!refundTouchesBalances(parts)) return transfer ? `Refunded ${formatPaise(event.amountPaise)} ${transfer}` : `Refunded ${formatPaise(event.amountPaise)} (${event.refundId})`;
  return transfer ? refundedText(parts, transfer) : `${refundedText(parts)} (${event.refundId})`;
}

/** A refund the provider had accepted did not reach the customer: the money is owed again. */
function refundFailed(state: LifecycleState, event: Extract<LifecycleEvent, { type: 'refund-failed' }>): Transition {
  if (event.amountPaise <= 0 || event.amountPaise > state.refundedPaise) return refuse('unknown-refund', 'has no such refund to put back');
  const cancelled = state.status === 'cancelled' || state.paymentStatus === 'refund_pending';
  // A cancelled or wholly refunded order waits for its refund again. A standing order's failed return refund is
  // retried from that return, so the order stays (or, when the return had refunded everything, is again) paid.
  const paymentStatus = event.of === 'lines' && !cancelled ? 'paid' : cancelled || state.paymentStatus === 'refunded' ? 'refund_pending' : state.paymentStatus;
  return {
    ok: true,
    next: { ...state, refundedPaise: state.refundedPaise - event.amountPaise, paymentStatus },
    effects: [
      { kind: 'history', status: state.status, note: `Refund ${event.refundId} failed: ${event.reason}` },
      { kind: 'notify', to: 'admins', notice: 'refund-failed' },
    ],
  };
}

/** The provider said no when asked: nothing moved, but the refund is still owed and the admins must act. */
function refundDeclined(state: LifecycleState, event: Extract<LifecycleEvent, { type: 'refund-declined' }>): Transition {
  if (holdsNoMoney(state.paymentStatus)) return refuse('not-paid', 'has no captured payment');
  return {
    ok: true,
    next: { ...state },
    effects: [
      { kind: 'history', status: state.status, note: `Refund ${event.refundId} of ${formatPaise(event.amountPaise)} was declined: ${event.reason}` },
      { kind: 'notify', to: 'admins', notice: 'refund-failed' },
    ],
  };
}

/** A return's share of an order paid in cash: nothing to send back through a provider, so the shop transfers it. */
function refundOwed(state: LifecycleState, event: Extract<LifecycleEvent, { type: 'refund-owed' }>): Transition {
  if (state.paymentStatus !== 'paid') return refuse('not-awaiting-refund', 'has no payment standing to refund lines of');
  const owed = owedToCustomer(state);
  if (event.amountPaise <= 0 || event.amountPaise > owed) return refuse('refund-too-large', `owes the customer ${formatPaise(owed)}, not ${formatPaise(event.amountPaise)}`);
  return {
    ok: true,
    next: { ...state },
    effects: [
      { kind: 'open-refund', of: 'lines', amountPaise: event.amountPaise },
      { kind: 'history', status: state.status, note: `Refund of ${formatPaise(event.amountPaise)} due, to be transferred by UPI or bank transfer` },
      { kind: 'notify', to: 'admins', notice: 'refund-needed' },
    ],
  };
}

/**
 * A return moves only the return (its own table); the order keeps its state and gains a history entry, notices
 * and an e-mail; receiving may put the units back. The refund of the returned lines is 'refund-succeeded' of lines.
 */
function returnStep(state: LifecycleState, event: Extract<LifecycleEvent, { type: `return-${string}` }>): Transition {
  if (event.type === 'return-requested' && state.status !== 'delivered') return refuse('not-delivered', 'has not been delivered yet');
  if (holdsNoMoney(state.paymentStatus)) return refuse('not-paid', 'has no captured payment');
  const effects: LifecycleEffect[] = [];
  if (event.type === 'return-received' && event.restock) effects.push({ kind: 'restock-returned' });
  effects.push({ kind: 'history', status: state.status, note: event.note });
  if (event.type === 'return-requested') effects.push({ kind: 'notify', to: 'admins', notice: 'return-requested' });
  effects.push({ kind: 'notify', to: 'customer', notice: 'return-update' }, { kind: 'mail', mail: 'return-update' });
  return { ok: true, next: { ...state }, effects };
}

/**
 * An admin's status on a cash-on-delivery order not yet paid for: it travels only once its customer confirmed it,
 * cancelling frees its stock with nothing to refund, and no status makes it paid (only the cash does). One that
 * was cancelled stays so: its confirmation and its stock are gone.
 */
function setCodStatus(state: LifecycleState, target: OrderStatus, note: string | null): Transition {
  if (state.paymentStatus === 'not_collected') return refuse('not-collected-cannot-reopen', 'was cancelled before any cash was collected, so it cannot be reopened; the customer can place a new order');
  const next: LifecycleState = { ...state, status: target };
  const effects: LifecycleEffect[] = [];
  let invoicing = false;
  if (target === 'cancelled') {
    next.paymentStatus = 'not_collected';
    if (state.holdsStock) effects.push({ kind: 'give-stock-back' });
    effects.push({ kind: 'give-balances-back' });
    next.holdsStock = false;
    if (state.invoiced) effects.push({ kind: 'issue-credit-note', cause: { kind: 'not-supplied' } });
  } else {
    if (!state.codConfirmed && DISPATCHED.has(target)) {
      return refuse('awaiting-confirmation', 'is awaiting confirmation: the customer has not confirmed this cash-on-delivery order yet');
    }
    if (!state.holdsStock) {
      effects.push({ kind: 'take-stock' });
      next.holdsStock = true;
    }
    invoicing = DISPATCHED.has(target) && !state.invoiced;
    if (invoicing) {
      effects.push({ kind: 'issue-invoice' });
      next.invoiced = true;
    }
  }
  if (target === 'delivered') effects.push({ kind: 'record-delivery' });
  effects.push(
    { kind: 'history', status: target, note },
    target === 'cancelled' ? { kind: 'mail', mail: 'cod-cancelled' } : { kind: 'mail', mail: 'status-changed', ...(invoicing ? { withInvoice: true as const } : {}) },
    { kind: 'notify', to: 'customer', notice: 'status-changed' },
  );
  return { ok: true, next, effects };
}

/**
 * Statuses in which a cash-on-delivery order's goods have left the shop. Its tax invoice is issued on the first of
 * them, at or before the removal of the goods as CGST Act s.31(1)(a) requires, not when the cash comes back.
 */
const DISPATCHED: ReadonlySet<OrderStatus> = new Set(['shipped', 'out-for-delivery', 'delivered']);

/** Cash on delivery's own events: placing, the customer's confirmation, and how the parcel's story ends. */
function cashOnDelivery(state: LifecycleState, event: Extract<LifecycleEvent, { type: `cod-${string}` }>): Transition {
  if (event.type === 'cod-placed') {
    if (state.paymentStatus !== 'pending') return refuse('already-paid', 'was already placed');
    return {
      ok: true,
      next: { ...state, paymentStatus: 'cod_pending', holdsStock: true, codConfirmed: false },
      effects: [
        { kind: 'take-stock' },
        { kind: 'history', status: state.status, note: "Placed for cash on delivery; awaiting the customer's confirmation" },
        { kind: 'notify', to: 'customer', notice: 'cod-placed' },
        { kind: 'notify', to: 'admins', notice: 'new-order' },
        { kind: 'mail', mail: 'cod-placed' },
      ],
    };
  }
  if (state.paymentStatus !== 'cod_pending') return refuse('not-cash-on-delivery', 'is not waiting for cash on delivery');
  if (state.status === 'cancelled') return refuse('not-cash-on-delivery', 'is cancelled');
  switch (event.type) {
    case 'cod-confirmed':
      if (state.codConfirmed) return refuse('already-confirmed', 'was already confirmed');
      return {
        ok: true,
        next: { ...state, codConfirmed: true },
        effects: [
          { kind: 'history', status: state.status, note: 'Confirmed by the customer for cash on delivery' },
          { kind: 'notify', to: 'admins', notice: 'cod-confirmed' },
          // Confirmed from the e-mail's link, perhaps on another device: the customer's open order pages hear it live.
          { kind: 'notify', to: 'customer', notice: 'cod-confirmed-by-you' },
          { kind: 'mail', mail: 'cod-confirmed' },
        ],
      };
    case 'cod-expired':
      if (state.codConfirmed) return refuse('already-confirmed', 'was confirmed by its customer');
      return {
        ok: true,
        next: { ...state, status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false },
        effects: [
          ...(state.holdsStock ? [{ kind: 'give-stock-back' } as const] : []),
          { kind: 'give-balances-back' },
          { kind: 'history', status: 'cancelled', note: 'Not confirmed within 24 hours, so cancelled' },
          { kind: 'notify', to: 'customer', notice: 'status-changed' },
          { kind: 'mail', mail: 'cod-not-confirmed' },
        ],
      };
    case 'cod-collected': {
      if (!state.codConfirmed) return refuse('awaiting-confirmation', 'is awaiting confirmation: the customer has not confirmed this cash-on-delivery order yet');
      const delivering = state.status !== 'delivered';
      // Invoiced when dispatched; cash collected for an order never marked on its way is invoiced now, at the latest.
      const invoicing = !state.invoiced;
      return {
        ok: true,
        // The cash changes hands at the door: the order is delivered then, and paid.
        next: { ...state, status: 'delivered', paymentStatus: 'paid', holdsStock: true, invoiced: true },
        effects: [
          ...(delivering ? [{ kind: 'record-delivery' } as const] : []),
          { kind: 'history', status: 'delivered', note: 'Cash collected on delivery' },
          ...(invoicing ? [{ kind: 'issue-invoice' } as const] : []),
          { kind: 'notify', to: 'customer', notice: 'cod-collected' },
          ...(delivering ? [{ kind: 'mail', mail: 'status-changed', ...(invoicing ? { withInvoice: true as const } : {}) } as const] : []),
        ],
      };
    }
    case 'cod-returned-to-origin':
      return {
        ok: true,
        next: { ...state, status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false },
        effects: [
          ...(state.holdsStock ? [{ kind: 'give-stock-back' } as const] : []),
          { kind: 'give-balances-back' },
          { kind: 'history', status: 'cancelled', note: event.note ? `Returned to origin: ${event.note}` : 'Returned to origin' },
          ...(state.invoiced ? [{ kind: 'issue-credit-note', cause: { kind: 'not-supplied' } } as const] : []),
          { kind: 'notify', to: 'customer', notice: 'status-changed' },
          { kind: 'notify', to: 'admins', notice: 'cod-returned' },
          { kind: 'mail', mail: 'cod-cancelled' },
        ],
      };
  }
}

/** One function per event; each decides from the whole state. A new event or payment state adds its rows here. */
const TRANSITIONS: { [Type in EventType]: (state: LifecycleState, event: Extract<LifecycleEvent, { type: Type }>) => Transition } = {
  paid: payment,
  'paid-unfulfillable': payment,
  'admin-set-status': (state, event) => setStatus(state, event.status, event.note ?? null),
  cancel: (state, event) => setStatus(state, 'cancelled', event.note ?? null),
  delivered: (state, event) => setStatus(state, 'delivered', event.note ?? null),
  // The courier's word moves the order as an admin's would: the same stock, invoice, e-mail and notice rules.
  'shipments-moved': (state, event) => setStatus(state, event.status, event.note),
  'refund-succeeded': refundSucceeded,
  'refund-failed': refundFailed,
  'refund-declined': refundDeclined,
  'refund-owed': refundOwed,
  'return-requested': returnStep,
  'return-approved': returnStep,
  'return-rejected': returnStep,
  'return-received': returnStep,
  'cod-placed': cashOnDelivery,
  'cod-confirmed': cashOnDelivery,
  'cod-expired': cashOnDelivery,
  'cod-collected': cashOnDelivery,
  'cod-returned-to-origin': cashOnDelivery,
};

/** The next state and its effects, or why the event cannot happen to an order in this state. */
export function nextState(state: LifecycleState, event: LifecycleEvent): Transition {
  const transition = TRANSITIONS[event.type] as (state: LifecycleState, event: LifecycleEvent) => Transition;
  return transition(state, event);
}

/** How many of an order's units the inventory is missing because of it. */
export function liveUnits(state: Pick<LifecycleState, 'holdsStock'>, units: number): number {
  return state.holdsStock ? units : 0;
}
