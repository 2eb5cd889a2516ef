import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billOf, withAdjustment, withCharge } from './bill.ts';
import { nextReturnStatus, returnRefundPaise, returnRequestRefusal, returnWindowEnd } from './returns.ts';

const deliveredAt = new Date('2026-11-20T10:00:00Z');
const items = [
  { id: 11, name: 'Dark Poppy', quantity: 2, lineTotalPaise: 200_000 },
  { id: 12, name: 'Hush', quantity: 1, lineTotalPaise: 100_000 },
];
const keyed = items.map((item) => ({ ...item, key: String(item.id) }));
/** The order's bill with `discountPaise` off the whole basket. */
const billWith = (discountPaise: number) =>
  withAdjustment(billOf(keyed.map((item) => ({ key: item.key, amountPaise: item.lineTotalPaise }))), { kind: 'coupon', label: 'Discount', amountPaise: discountPaise });
const base = {
  order: { orderNumber: 'DP-20261120-0001', status: 'delivered', deliveredAt },
  items,
  returning: new Map<number, number>(),
  now: new Date('2026-11-22T10:00:00Z'),
  windowDays: 7,
};

describe('return requests', () => {
  it('lets a delivered order return some of its lines within the window', () => {
    expect(returnRequestRefusal({ ...base, lines: [{ orderItemId: 11, quantity: 1 }] })).toBeNull();
    expect(returnWindowEnd(deliveredAt, 7).toISOString()).toBe('2026-11-27T10:00:00.000Z');
  });

  it('refuses, naming the field: not delivered, past the window, a line of another order, more than bought, a duplicate', () => {
    expect(returnRequestRefusal({ ...base, order: { ...base.order, status: 'shipped', deliveredAt: null }, lines: [{ orderItemId: 11, quantity: 1 }] })).toMatchObject({ status: 409, field: 'orderId' });
    expect(returnRequestRefusal({ ...base, now: new Date('2026-11-27T10:00:01Z'), lines: [{ orderItemId: 11, quantity: 1 }] })).toMatchObject({ status: 409, field: 'orderId' });
    expect(returnRequestRefusal({ ...base, lines: [{ orderItemId: 99, quantity: 1 }] })).toMatchObject({ status: 400, field: 'lines.0.orderItemId' });
    expect(returnRequestRefusal({ ...base, lines: [{ orderItemId: 12, quantity: 2 }] })).toMatchObject({ status: 400, field: 'lines.0.quantity', message: 'Only 1 of Hush were bought' });
    expect(returnRequestRefusal({ ...base, lines: [{ orderItemId: 11, quantity: 1 }, { orderItemId: 11, quantity: 1 }] })).toMatchObject({ status: 400, field: 'lines.1.orderItemId' });
    expect(returnRequestRefusal({ ...base, returning: new Map([[11, 2]]), lines: [{ orderItemId: 11, quantity: 1 }] })).toMatchObject({ status: 409, field: 'lines.0.quantity' });
    expect(returnRequestRefusal({ ...base, returning: new Map([[11, 1]]), lines: [{ orderItemId: 11, quantity: 1 }] })).toBeNull();
  });
});

describe('the refund of returned lines', () => {
  it('is the units’ share of their line less their share of the discount', () => {
    // ₹3,000 of goods with ₹300 off: one of two ₹1,000 units gives back ₹1,000 − ₹100.
    expect(returnRefundPaise(billWith(30_000), keyed, [{ orderItemId: 11, quantity: 1 }])).toBe(90_000);
    expect(returnRefundPaise(billWith(0), keyed, [{ orderItemId: 12, quantity: 1 }])).toBe(100_000);
    // The fee for cash on delivery paid for a delivery that happened: a return does not give it back.
    expect(returnRefundPaise(withCharge(billWith(0), { kind: 'cod-fee', amountPaise: 4_900 }), keyed, [{ orderItemId: 12, quantity: 1 }])).toBe(100_000);
  });

  it('gives back an offer on one line only with that line', () => {
    const bill = withAdjustment(billWith(0), { kind: 'promotion', label: 'Hush at half price', amountPaise: 50_000 }, (line) => line.key === '12');
    expect(returnRefundPaise(bill, keyed, [{ orderItemId: 11, quantity: 1 }])).toBe(100_000);
    expect(returnRefundPaise(bill, keyed, [{ orderItemId: 12, quantity: 1 }])).toBe(50_000);
  });

  it('never gives back more than was paid, however the order is returned in parts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ quantity: fc.integer({ min: 1, max: 5 }), unit: fc.integer({ min: 1, max: 500_000 }) }), { minLength: 1, maxLength: 5 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (shape, discountShare) => {
          const lines = shape.map((line, index) => ({ id: index + 1, key: String(index + 1), quantity: line.quantity, lineTotalPaise: line.quantity * line.unit }));
          const subtotalPaise = lines.reduce((sum, line) => sum + line.lineTotalPaise, 0);
          const discountPaise = Math.floor(subtotalPaise * discountShare);
          const order = withAdjustment(billOf(lines.map((line) => ({ key: line.key, amountPaise: line.lineTotalPaise }))), { kind: 'coupon', label: 'Discount', amountPaise: discountPaise });
          // Every unit returned on its own.
          let refunded = 0;
          for (const line of lines) for (let unit = 0; unit < line.quantity; unit += 1) refunded += returnRefundPaise(order, lines, [{ orderItemId: line.id, quantity: 1 }]);
          expect(refunded).toBeLessThanOrEqual(subtotalPaise - discountPaise);
          expect(returnRefundPaise(order, lines, lines.map((line) => ({ orderItemId: line.id, quantity: line.quantity })))).toBeLessThanOrEqual(subtotalPaise - discountPaise);
        },
      ),
    );
  });
});

describe('the back office’s steps', () => {
  it('approves or rejects a request, receives an approved return, and refuses anything else', () => {
    expect(nextReturnStatus('requested', 'approve')).toEqual({ ok: true, status: 'approved' });
    expect(nextReturnStatus('requested', 'reject')).toEqual({ ok: true, status: 'rejected' });
    expect(nextReturnStatus('approved', 'receive')).toEqual({ ok: true, status: 'received' });
    expect(nextReturnStatus('requested', 'receive')).toMatchObject({ ok: false });
    expect(nextReturnStatus('received', 'approve')).toMatchObject({ ok: false });
    expect(nextReturnStatus('rejected', 'receive')).toMatchObject({ ok: false });
    // A refund that failed is retried from the return; a return already refunded is not refunded again.
    expect(nextReturnStatus('refund_failed', 'retry-refund')).toEqual({ ok: true, status: 'received' });
    expect(nextReturnStatus('received', 'retry-refund')).toEqual({ ok: false, message: 'Cannot retry the refund of a return that is refunded: only a return whose refund failed can be' });
    expect(nextReturnStatus('refund_failed', 'receive')).toMatchObject({ ok: false });
  });
});
