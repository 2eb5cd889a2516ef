import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, nextState, owedToCustomer, type LifecycleEffect, type LifecycleEvent, type LifecycleState } from './order-lifecycle.ts';
import { ORDER_STATUSES } from './orders.ts';

const fresh = (totalPaise = 100_000): LifecycleState => ({ ...INITIAL_STATE, totalPaise });
const kinds = (effects: LifecycleEffect[]) => effects.map((effect) => effect.kind);

function apply(state: LifecycleState, event: LifecycleEvent): LifecycleState {
  const transition = nextState(state, event);
  if (!transition.ok) throw new Error(transition.refusal.message);
  return transition.next;
}

describe('the order lifecycle table', () => {
  it('a paid order takes its stock, tells both sides, mails the confirmation and asks for an invoice', () => {
    const transition = nextState(fresh(), { type: 'paid' });
    expect(transition).toMatchObject({ ok: true, next: { status: 'pending', paymentStatus: 'paid', holdsStock: true } });
    if (!transition.ok) return;
    expect(kinds(transition.effects)).toEqual(['take-stock', 'history', 'notify', 'notify', 'mail', 'issue-invoice']);
    expect(nextState(transition.next, { type: 'paid' })).toMatchObject({ ok: false, refusal: { code: 'already-paid' } });
  });

  it('a payment whose stock ran out is a cancelled order waiting for a full refund, holding nothing', () => {
    const transition = nextState(fresh(), { type: 'paid-unfulfillable', reason: 'stock', message: 'Dark Poppy sold out' });
    expect(transition).toMatchObject({ ok: true, next: { status: 'cancelled', paymentStatus: 'refund_pending', holdsStock: false } });
    if (!transition.ok) return;
    expect(transition.effects).toContainEqual({ kind: 'history', status: 'cancelled', note: 'Dark Poppy sold out while the payment was made; a full refund is due' });
    expect(kinds(transition.effects)).toContain('open-refund');
    expect(kinds(transition.effects)).not.toContain('take-stock');
  });

  it('cancelling a paid order gives the stock back and opens a refund; reopening takes the stock again and it is paid again', () => {
    const paid = apply(fresh(), { type: 'paid' });
    const cancel = nextState(paid, { type: 'admin-set-status', status: 'cancelled', note: 'Customer asked' });
    expect(cancel).toMatchObject({ ok: true, next: { status: 'cancelled', paymentStatus: 'refund_pending', holdsStock: false } });
    if (!cancel.ok) return;
    expect(kinds(cancel.effects)).toEqual(['give-stock-back', 'open-refund', 'history', 'mail', 'notify', 'notify']);
    expect(cancel.effects).toContainEqual({ kind: 'notify', to: 'admins', notice: 'refund-needed' });
    const reopen = nextState(cancel.next, { type: 'admin-set-status', status: 'processing' });
    expect(reopen).toMatchObject({ ok: true, next: { status: 'processing', paymentStatus: 'paid', holdsStock: true } });
    if (reopen.ok) expect(kinds(reopen.effects)).toEqual(['take-stock', 'withdraw-refund', 'issue-invoice', 'history', 'mail', 'notify']);
  });

  it('a refund opens for what is owed; a refund paid by transfer is written with its method and UTR', () => {
    const paid = apply(fresh(), { type: 'paid' });
    const returned = apply(paid, { type: 'refund-succeeded', of: 'lines', amountPaise: 30_000, refundId: 'transfer-1', transfer: { method: 'upi', reference: '412345678901' } });
    expect(returned).toMatchObject({ paymentStatus: 'paid', refundedPaise: 30_000 });
    const cancel = nextState(returned, { type: 'cancel' });
    if (cancel.ok) expect(cancel.effects).toContainEqual({ kind: 'open-refund', of: 'order', amountPaise: 70_000 });
    const transferred = nextState(cancel.ok ? cancel.next : returned, { type: 'refund-succeeded', of: 'order', amountPaise: 70_000, refundId: 'transfer-2', transfer: { method: 'bank_transfer', reference: 'SBIN026112345678' } });
    expect(transferred).toMatchObject({ ok: true, next: { paymentStatus: 'refunded', refundedPaise: 100_000 } });
    if (transferred.ok) expect(transferred.effects).toContainEqual({ kind: 'history', status: 'cancelled', note: 'Refunded ₹700.00 by bank transfer (UTR SBIN026112345678)' });
    if (transferred.ok) expect(kinds(transferred.effects)).toContain('issue-credit-note');
  });

  it("a return's share owed by transfer opens a refund for it and changes nothing else; never more than is owed", () => {
    const paid = apply(fresh(), { type: 'paid' });
    const owed = nextState(paid, { type: 'refund-owed', amountPaise: 25_000 });
    expect(owed).toMatchObject({ ok: true, next: paid });
    if (owed.ok) expect(owed.effects).toEqual([
      { kind: 'open-refund', of: 'lines', amountPaise: 25_000 },
      { kind: 'history', status: 'pending', note: 'Refund of ₹250.00 due, to be transferred by UPI or bank transfer' },
      { kind: 'notify', to: 'admins', notice: 'refund-needed' },
    ]);
    expect(nextState(paid, { type: 'refund-owed', amountPaise: 100_001 })).toMatchObject({ ok: false, refusal: { code: 'refund-too-large' } });
    expect(nextState(fresh(), { type: 'refund-owed', amountPaise: 100 })).toMatchObject({ ok: false, refusal: { code: 'not-awaiting-refund' } });
  });

  it('an order with no captured payment is moved only by the payment step', () => {
    expect(nextState(fresh(), { type: 'admin-set-status', status: 'delivered' })).toMatchObject({ ok: false, refusal: { code: 'not-paid' } });
  });

  it('any status may follow any other, except that a refunded order stays cancelled', () => {
    const paid = apply(fresh(), { type: 'paid' });
    for (const from of ORDER_STATUSES.filter((status) => status !== 'cancelled')) {
      const at = from === 'pending' ? paid : apply(paid, { type: 'admin-set-status', status: from });
      for (const to of ORDER_STATUSES) {
        const transition = nextState(at, { type: 'admin-set-status', status: to });
        expect(transition.ok, `${from} → ${to}`).toBe(from !== to);
      }
    }
    const refunded = apply(apply(paid, { type: 'cancel' }), { type: 'refund-succeeded', of: 'order', amountPaise: 100_000, refundId: 'rfnd_1' });
    expect(refunded.paymentStatus).toBe('refunded');
    expect(nextState(refunded, { type: 'admin-set-status', status: 'processing' })).toMatchObject({ ok: false, refusal: { code: 'refunded-cannot-reopen' } });
    expect(nextState(refunded, { type: 'refund-succeeded', of: 'order', amountPaise: 1, refundId: 'rfnd_2' })).toMatchObject({ ok: false, refusal: { code: 'already-refunded' } });
  });

  it('a cancelled order is refunded exactly what is owed; a standing order may be refunded in part, a credit note each time', () => {
    const paid = apply(fresh(), { type: 'paid' });
    expect(nextState(apply(paid, { type: 'cancel' }), { type: 'refund-succeeded', of: 'order', amountPaise: 50_000, refundId: 'r' })).toMatchObject({ ok: false, refusal: { code: 'refund-too-large' } });
    const part = nextState(paid, { type: 'refund-succeeded', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_part' });
    expect(part).toMatchObject({ ok: true, next: { paymentStatus: 'paid', refundedPaise: 30_000, status: 'pending' } });
    if (part.ok) expect(part.effects).toContainEqual({ kind: 'issue-credit-note', cause: { kind: 'refund', amountPaise: 30_000, refundId: 'rfnd_part' } });
    // A return's refund names its units, and its credit note gives back those units only.
    const returned = nextState(paid, { type: 'refund-succeeded', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_r', returned: [{ orderItemId: 7, quantity: 1 }] });
    if (returned.ok) expect(returned.effects).toContainEqual({ kind: 'issue-credit-note', cause: { kind: 'refund', amountPaise: 30_000, refundId: 'rfnd_r', returned: [{ orderItemId: 7, quantity: 1 }] } });
    expect(nextState(paid, { type: 'refund-succeeded', of: 'lines', amountPaise: 100_001, refundId: 'r' })).toMatchObject({ ok: false });
    expect(nextState(fresh(), { type: 'refund-succeeded', of: 'lines', amountPaise: 1, refundId: 'r' })).toMatchObject({ ok: false, refusal: { code: 'not-awaiting-refund' } });
    expect(nextState(paid, { type: 'refund-succeeded', of: 'order', amountPaise: 100_000, refundId: 'r' })).toMatchObject({ ok: false, refusal: { code: 'not-awaiting-refund' } });
    // Returned lines worth everything that was paid leave the order refunded.
    expect(nextState(paid, { type: 'refund-succeeded', of: 'lines', amountPaise: 100_000, refundId: 'r' })).toMatchObject({ ok: true, next: { paymentStatus: 'refunded' } });
  });

  it('a refund that failed is owed again and the admins are told', () => {
    const refunded = apply(apply(apply(fresh(), { type: 'paid' }), { type: 'cancel' }), { type: 'refund-succeeded', of: 'order', amountPaise: 100_000, refundId: 'rfnd_1' });
    const failed = nextState(refunded, { type: 'refund-failed', of: 'order', amountPaise: 100_000, refundId: 'rfnd_1', reason: 'Account closed' });
    expect(failed).toMatchObject({ ok: true, next: { paymentStatus: 'refund_pending', refundedPaise: 0 } });
    if (failed.ok) expect(failed.effects).toContainEqual({ kind: 'notify', to: 'admins', notice: 'refund-failed' });
    expect(nextState(fresh(), { type: 'refund-failed', of: 'order', amountPaise: 1, refundId: 'x', reason: '' })).toMatchObject({ ok: false, refusal: { code: 'unknown-refund' } });
  });

  it('a return’s refund that failed is owed again on the standing order, which stays paid (or is paid again) while the return retries it', () => {
    const delivered = apply(apply(fresh(), { type: 'paid' }), { type: 'delivered' });
    const part = apply(delivered, { type: 'refund-succeeded', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_ret' });
    const failed = nextState(part, { type: 'refund-failed', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_ret', reason: 'Bank refused' });
    expect(failed).toMatchObject({ ok: true, next: { status: 'delivered', paymentStatus: 'paid', refundedPaise: 0, holdsStock: true } });
    if (failed.ok) {
      expect(failed.effects).toContainEqual({ kind: 'notify', to: 'admins', notice: 'refund-failed' });
      expect(kinds(failed.effects)).not.toContain('issue-credit-note');
      // The retry from the return is a refund of lines again.
      expect(nextState(failed.next, { type: 'refund-succeeded', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_again' })).toMatchObject({ ok: true, next: { refundedPaise: 30_000 } });
    }
    // Everything returned and refunded, then that refund failed: the order is owed everything and paid again, not 'refund pending'.
    const all = apply(delivered, { type: 'refund-succeeded', of: 'lines', amountPaise: 100_000, refundId: 'rfnd_all' });
    expect(all.paymentStatus).toBe('refunded');
    expect(nextState(all, { type: 'refund-failed', of: 'lines', amountPaise: 100_000, refundId: 'rfnd_all', reason: 'x' })).toMatchObject({ ok: true, next: { paymentStatus: 'paid', refundedPaise: 0 } });
    // A return refunded and then the order cancelled: the failed return refund joins what the cancelled order owes.
    const cancelled = apply(part, { type: 'cancel' });
    expect(nextState(cancelled, { type: 'refund-failed', of: 'lines', amountPaise: 30_000, refundId: 'rfnd_ret', reason: 'x' })).toMatchObject({
      ok: true,
      next: { paymentStatus: 'refund_pending', refundedPaise: 0 },
    });
    expect(nextState(part, { type: 'refund-failed', of: 'lines', amountPaise: 30_001, refundId: 'x', reason: '' })).toMatchObject({ ok: false, refusal: { code: 'unknown-refund' } });
  });

  it('a refund the provider declined at once moves no money and tells the admins', () => {
    const paid = apply(fresh(), { type: 'paid' });
    const declined = nextState(paid, { type: 'refund-declined', amountPaise: 500, refundId: 'rfnd_no', reason: 'Insufficient balance' });
    expect(declined).toMatchObject({ ok: true, next: paid });
    if (declined.ok) expect(kinds(declined.effects)).toEqual(['history', 'notify']);
    expect(nextState(fresh(), { type: 'refund-declined', amountPaise: 500, refundId: 'r', reason: '' })).toMatchObject({ ok: false, refusal: { code: 'not-paid' } });
  });
});

describe('an order of gift cards alone in the lifecycle table', () => {
  const cardsOnly = (): LifecycleState => ({ ...fresh(0), giftCardsOnly: true });

  it('paid, it takes no stock and asks for no invoice (nothing is supplied), and the packers hear nothing', () => {
    const transition = nextState(cardsOnly(), { type: 'paid' });
    expect(transition).toMatchObject({ ok: true, next: { status: 'pending', paymentStatus: 'paid', holdsStock: false } });
    if (!transition.ok) return;
    expect(kinds(transition.effects)).toEqual(['history', 'notify', 'mail']);
    expect(transition.effects).toContainEqual({ kind: 'mail', mail: 'order-confirmation' });
    expect(transition.effects).not.toContainEqual({ kind: 'notify', to: 'admins', notice: 'new-order' });
  });

  it('never moves through the statuses: no parcel to ship or deliver, no cancellation to refund', () => {
    const paid = apply(cardsOnly(), { type: 'paid' });
    const events: LifecycleEvent[] = [
      { type: 'cancel' },
      { type: 'delivered' },
      { type: 'admin-set-status', status: 'shipped' },
      { type: 'shipments-moved', status: 'processing', note: 'Packed' },
    ];
    for (const event of events) expect(nextState(paid, event)).toMatchObject({ ok: false, refusal: { code: 'gift-cards-only' } });
  });
});

describe('cash on delivery in the lifecycle table', () => {
  const placed = () => apply(fresh(), { type: 'cod-placed' });

  it('placing takes the stock and asks the customer to confirm; no money is owed', () => {
    const transition = nextState(fresh(), { type: 'cod-placed' });
    expect(transition).toMatchObject({ ok: true, next: { status: 'pending', paymentStatus: 'cod_pending', holdsStock: true, codConfirmed: false } });
    if (!transition.ok) return;
    expect(kinds(transition.effects)).toEqual(['take-stock', 'history', 'notify', 'notify', 'mail']);
    expect(transition.effects).toContainEqual({ kind: 'mail', mail: 'cod-placed' });
    expect(owedToCustomer(transition.next)).toBe(0);
    expect(nextState(transition.next, { type: 'cod-placed' })).toMatchObject({ ok: false, refusal: { code: 'already-paid' } });
    expect(nextState(apply(fresh(), { type: 'paid' }), { type: 'cod-placed' })).toMatchObject({ ok: false });
  });

  it('an unconfirmed order cannot travel, be collected or confirmed twice; it expires into a cancelled order with its stock back', () => {
    for (const status of ['shipped', 'out-for-delivery', 'delivered'] as const) {
      expect(nextState(placed(), { type: 'admin-set-status', status })).toMatchObject({ ok: false, refusal: { code: 'awaiting-confirmation' } });
    }
    expect(nextState(placed(), { type: 'admin-set-status', status: 'processing' })).toMatchObject({ ok: true });
    expect(nextState(placed(), { type: 'cod-collected' })).toMatchObject({ ok: false, refusal: { code: 'awaiting-confirmation' } });
    const expired = nextState(placed(), { type: 'cod-expired' });
    expect(expired).toMatchObject({ ok: true, next: { status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false } });
    if (expired.ok) expect(kinds(expired.effects)).toEqual(['give-stock-back', 'give-balances-back', 'history', 'notify', 'mail']);
    if (expired.ok) expect(kinds(expired.effects)).not.toContain('open-refund');
    const confirming = nextState(placed(), { type: 'cod-confirmed' });
    // The customer hears it too: a confirmation from the e-mail's link on one device updates their pages on every other.
    if (confirming.ok) expect(confirming.effects).toContainEqual({ kind: 'notify', to: 'customer', notice: 'cod-confirmed-by-you' });
    const confirmed = apply(placed(), { type: 'cod-confirmed' });
    expect(nextState(confirmed, { type: 'cod-confirmed' })).toMatchObject({ ok: false, refusal: { code: 'already-confirmed' } });
    expect(nextState(confirmed, { type: 'cod-expired' })).toMatchObject({ ok: false, refusal: { code: 'already-confirmed' } });
    expect(nextState(expired.ok ? expired.next : placed(), { type: 'cod-confirmed' })).toMatchObject({ ok: false, refusal: { code: 'not-cash-on-delivery' } });
  });

  it('a confirmed order ships with its tax invoice; delivering it does not make it paid, collecting the cash does', () => {
    const confirmed = apply(placed(), { type: 'cod-confirmed' });
    // Invoiced when the goods leave (CGST s.31(1)(a)), and the invoice goes with the shipped e-mail.
    const shipping = nextState(confirmed, { type: 'admin-set-status', status: 'shipped' });
    expect(shipping).toMatchObject({ ok: true, next: { status: 'shipped', paymentStatus: 'cod_pending', invoiced: true } });
    if (shipping.ok) expect(kinds(shipping.effects)).toContain('issue-invoice');
    if (shipping.ok) expect(shipping.effects).toContainEqual({ kind: 'mail', mail: 'status-changed', withInvoice: true });
    const shipped = apply(confirmed, { type: 'admin-set-status', status: 'shipped' });
    const delivering = nextState(shipped, { type: 'delivered' });
    // Invoiced once: the later steps issue none and send none with their e-mails.
    if (delivering.ok) expect(kinds(delivering.effects)).not.toContain('issue-invoice');
    if (delivering.ok) expect(delivering.effects).toContainEqual({ kind: 'mail', mail: 'status-changed' });
    const delivered = apply(shipped, { type: 'delivered' });
    expect(delivered).toMatchObject({ status: 'delivered', paymentStatus: 'cod_pending', holdsStock: true });
    expect(nextState(delivered, { type: 'return-requested', note: 'x' })).toMatchObject({ ok: false, refusal: { code: 'not-paid' } });
    const collected = nextState(delivered, { type: 'cod-collected' });
    expect(collected).toMatchObject({ ok: true, next: { status: 'delivered', paymentStatus: 'paid', holdsStock: true } });
    if (collected.ok) expect(kinds(collected.effects)).toEqual(['history', 'notify']);
    if (collected.ok) expect(owedToCustomer(collected.next)).toBe(100_000);
    // Collected straight from 'shipped': it is delivered then, and the customer hears so.
    const atTheDoor = nextState(shipped, { type: 'cod-collected' });
    expect(atTheDoor).toMatchObject({ ok: true, next: { status: 'delivered', paymentStatus: 'paid' } });
    if (atTheDoor.ok) expect(kinds(atTheDoor.effects)).toEqual(['record-delivery', 'history', 'notify', 'mail']);
    // Cash collected for an order never marked on its way: invoiced then, at the latest, and the invoice sent.
    const unmarked = nextState(confirmed, { type: 'cod-collected' });
    if (unmarked.ok) expect(kinds(unmarked.effects)).toEqual(['record-delivery', 'history', 'issue-invoice', 'notify', 'mail']);
    if (unmarked.ok) expect(unmarked.effects).toContainEqual({ kind: 'mail', mail: 'status-changed', withInvoice: true });
  });

  it('confirming sends the customer an "order confirmed" e-mail', () => {
    const confirming = nextState(placed(), { type: 'cod-confirmed' });
    if (confirming.ok) expect(confirming.effects).toContainEqual({ kind: 'mail', mail: 'cod-confirmed' });
    expect(confirming.ok).toBe(true);
  });

  it('returned to origin or cancelled by an admin: stock back, nothing to refund, and it stays cancelled', () => {
    const shipped = apply(apply(placed(), { type: 'cod-confirmed' }), { type: 'admin-set-status', status: 'shipped' });
    const returned = nextState(shipped, { type: 'cod-returned-to-origin', note: 'Refused at the door' });
    expect(returned).toMatchObject({ ok: true, next: { status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false } });
    if (!returned.ok) return;
    expect(returned.effects).toContainEqual({ kind: 'history', status: 'cancelled', note: 'Returned to origin: Refused at the door' });
    expect(kinds(returned.effects)).toContain('give-stock-back');
    expect(kinds(returned.effects)).not.toContain('open-refund');
    // Its invoice was issued when it shipped: the goods never reached the buyer, so a credit note reverses it.
    expect(returned.effects).toContainEqual({ kind: 'issue-credit-note', cause: { kind: 'not-supplied' } });
    const cancelledAfterDispatch = nextState(shipped, { type: 'cancel' });
    if (cancelledAfterDispatch.ok) expect(cancelledAfterDispatch.effects).toContainEqual({ kind: 'issue-credit-note', cause: { kind: 'not-supplied' } });
    // Never invoiced, never credited.
    const rtoBeforeDispatch = nextState(apply(placed(), { type: 'cod-confirmed' }), { type: 'cod-returned-to-origin' });
    if (rtoBeforeDispatch.ok) expect(kinds(rtoBeforeDispatch.effects)).not.toContain('issue-credit-note');
    const cancelled = nextState(placed(), { type: 'cancel' });
    expect(cancelled).toMatchObject({ ok: true, next: { status: 'cancelled', paymentStatus: 'not_collected', holdsStock: false } });
    if (cancelled.ok) expect(cancelled.effects).toContainEqual({ kind: 'mail', mail: 'cod-cancelled' });
    expect(nextState(returned.next, { type: 'admin-set-status', status: 'processing' })).toMatchObject({ ok: false, refusal: { code: 'not-collected-cannot-reopen' } });
    expect(nextState(returned.next, { type: 'cod-returned-to-origin' })).toMatchObject({ ok: false, refusal: { code: 'not-cash-on-delivery' } });
    // Whatever gift cards and store credit paid goes back onto them, whichever way the cash failed to come.
    for (const ended of [returned, cancelledAfterDispatch, rtoBeforeDispatch, cancelled]) if (ended.ok) expect(kinds(ended.effects)).toContain('give-balances-back');
    expect(nextState(apply(fresh(), { type: 'paid' }), { type: 'cod-collected' })).toMatchObject({ ok: false, refusal: { code: 'not-cash-on-delivery' } });
  });
});

/**
 * Random event sequences over a few orders sharing one potion's stock. The simulated server does what
 * `OrderLifecycle.apply` does: a transition whose 'take-stock' finds too few units is refused as a whole.
 * A ledger kept beside the orders (captured, refunded) checks the money independently of the table.
 */
describe('the lifecycle under random event sequences', () => {
  const eventArbitrary = fc.oneof(
    fc.constant<LifecycleEvent>({ type: 'paid' }),
    fc.constant<LifecycleEvent>({ type: 'paid-unfulfillable', reason: 'stock', message: 'Sold out' }),
    fc.constantFrom(...ORDER_STATUSES).map<LifecycleEvent>((status) => ({ type: 'admin-set-status', status })),
    fc.constant<LifecycleEvent>({ type: 'cancel' }),
    fc.constant<LifecycleEvent>({ type: 'delivered' }),
    fc.tuple(fc.constantFrom('order' as const, 'lines' as const), fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 12_000 }))).map<LifecycleEvent>(([of, amountPaise]) => ({ type: 'refund-succeeded', of, amountPaise, refundId: 'r' })),
    fc
      .tuple(fc.constantFrom('order' as const, 'lines' as const), fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 12_000 })))
      .map<LifecycleEvent>(([of, amountPaise]) => ({ type: 'refund-failed', of, amountPaise, refundId: 'r', reason: 'bank' })),
    fc.integer({ min: 1, max: 12_000 }).map<LifecycleEvent>((amountPaise) => ({ type: 'refund-declined', amountPaise, refundId: 'r', reason: 'no' })),
    fc.integer({ min: 1, max: 12_000 }).map<LifecycleEvent>((amountPaise) => ({ type: 'refund-owed', amountPaise })),
    fc.constantFrom<LifecycleEvent>({ type: 'cod-placed' }, { type: 'cod-confirmed' }, { type: 'cod-expired' }, { type: 'cod-collected' }, { type: 'cod-returned-to-origin' }),
  );

  it('never sells stock it does not have, keeps money equal to captured − refunded, and never makes a refunded order paid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.array(fc.record({ units: fc.integer({ min: 1, max: 3 }), totalPaise: fc.integer({ min: 100, max: 10_000 }) }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), eventArbitrary), { maxLength: 60 }),
        (initialStock, shapes, steps) => {
          let stock = initialStock;
          const orders = shapes.map((shape) => ({ ...shape, state: fresh(shape.totalPaise), captured: 0, refunded: 0, balancesBack: 0 }));
          for (const [pick, raw] of steps) {
            const order = orders[pick % orders.length]!;
            // -1 stands for 'exactly what is owed', the amount a full refund asks for.
            const event: LifecycleEvent =
              (raw.type === 'refund-succeeded' || raw.type === 'refund-failed') && raw.amountPaise === -1
                ? { ...raw, amountPaise: raw.type === 'refund-succeeded' ? owedToCustomer(order.state) : order.state.refundedPaise }
                : raw;
            const before = order.state;
            const transition = nextState(before, event);
            if (!transition.ok) continue;
            let after = stock;
            let refused = false;
            for (const effect of transition.effects) {
              if (effect.kind === 'take-stock') {
                if (after < order.units) refused = true;
                else after -= order.units;
              }
              if (effect.kind === 'give-stock-back') after += order.units;
            }
            if (refused) continue;
            stock = after;
            order.state = transition.next;
            // Money arrives when an online payment is captured or a courier collects the cash, never before.
            const holdsMoney = (status: string) => status === 'paid' || status === 'refund_pending' || status === 'refunded';
            if ((before.paymentStatus === 'pending' || before.paymentStatus === 'cod_pending') && holdsMoney(transition.next.paymentStatus)) order.captured += before.totalPaise;
            if (event.type === 'refund-succeeded') order.refunded += event.amountPaise;
            if (event.type === 'refund-failed') order.refunded -= event.amountPaise;

            expect(stock).toBeGreaterThanOrEqual(0);
            expect(stock).toBe(initialStock - orders.reduce((sum, each) => sum + (each.state.holdsStock ? each.units : 0), 0));
            expect(owedToCustomer(order.state)).toBe(order.captured - order.refunded);
            expect(order.refunded).toBeGreaterThanOrEqual(0);
            expect(order.refunded).toBeLessThanOrEqual(order.captured);
            // A refunded order is never reopened as paid; only a failed refund of returned lines makes it owe (and be paid) again.
            if (before.paymentStatus === 'refunded' && !(event.type === 'refund-failed' && event.of === 'lines')) expect(order.state.paymentStatus).not.toBe('paid');
            if (event.type === 'refund-failed') expect(owedToCustomer(order.state)).toBe(owedToCustomer(before) + event.amountPaise);
            if (event.type === 'refund-failed' && event.of === 'lines' && before.status !== 'cancelled') expect(order.state.paymentStatus).toBe('paid');
            if (event.type === 'refund-declined' || event.type === 'refund-owed') expect(order.state).toEqual(before);
            // A refund opens for exactly what the order then owes (the whole of it when cancelled).
            for (const effect of transition.effects) {
              if (effect.kind === 'open-refund' && effect.of === 'order') expect(effect.amountPaise).toBe(owedToCustomer(order.state));
              if (effect.kind === 'open-refund') expect(effect.amountPaise).toBeGreaterThan(0);
            }
            // Money owed on a cancelled order is always waiting for the admins' refund.
            if (order.state.status === 'cancelled' && owedToCustomer(order.state) > 0) expect(order.state.paymentStatus).toBe('refund_pending');
            if (order.state.paymentStatus === 'refunded') expect(owedToCustomer(order.state)).toBe(0);
            if (order.state.status === 'cancelled') expect(order.state.holdsStock).toBe(false);
            if (order.state.status !== 'cancelled' && order.state.paymentStatus === 'paid') expect(order.state.holdsStock).toBe(true);
            // Cash on delivery: an order waiting for its cash holds its stock until cancelled; one cancelled
            // before the cash came owes nothing and holds nothing; only confirmed orders travel or get paid.
            if (order.state.paymentStatus === 'cod_pending') expect(order.state.holdsStock).toBe(order.state.status !== 'cancelled');
            if (order.state.paymentStatus === 'not_collected') expect(order.state).toMatchObject({ status: 'cancelled', holdsStock: false, refundedPaise: 0 });
            if (before.paymentStatus === 'cod_pending' && order.state.paymentStatus === 'paid') expect(before.codConfirmed).toBe(true);
            if (order.state.paymentStatus === 'cod_pending' && ['shipped', 'out-for-delivery', 'delivered'].includes(order.state.status)) expect(order.state.codConfirmed).toBe(true);
            if (before.paymentStatus === 'not_collected') expect(order.state.paymentStatus).toBe('not_collected');
            // Balances that paid part of a cash-on-delivery order go back exactly when it ends uncollected, and only once.
            const balancesBack = transition.effects.filter((effect) => effect.kind === 'give-balances-back').length;
            order.balancesBack += balancesBack;
            expect(balancesBack).toBe(before.paymentStatus === 'cod_pending' && order.state.paymentStatus === 'not_collected' ? 1 : 0);
            expect(order.balancesBack).toBeLessThanOrEqual(1);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
