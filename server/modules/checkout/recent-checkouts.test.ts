import { describe, expect, it } from 'vitest';
import { RecentCheckouts, type CheckoutFacts } from './recent-checkouts.ts';

const facts = (n: number): CheckoutFacts & { lines: unknown[] } => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userId: `user-${n}`,
  providerOrderId: `order_${n}`,
  amountPaise: 100_00 * n,
  balancesPaise: 0,
  vouchersPaise: 0,
  // A whole row may be handed in: only the facts that never change are kept.
  lines: [{ productId: n }],
});

describe('the checkouts this process opened lately', () => {
  it('finds a checkout by its payment order with its owner and amounts, and keeps nothing else of the row', () => {
    const recent = new RecentCheckouts();
    recent.remember(facts(7));
    expect(recent.find('order_7')).toEqual({ id: facts(7).id, userId: 'user-7', providerOrderId: 'order_7', amountPaise: 700_00, balancesPaise: 0, vouchersPaise: 0 });
    expect(recent.find('order_8')).toBeUndefined();
  });

  it('forgets the least recently used beyond its limit, so a busy day cannot grow it without end', () => {
    const recent = new RecentCheckouts(3);
    for (const n of [1, 2, 3]) recent.remember(facts(n));
    // The first shopper is paying now: their checkout is read, so the second, untouched since, goes first.
    expect(recent.find('order_1')?.userId).toBe('user-1');
    recent.remember(facts(4));
    expect(recent.find('order_2')).toBeUndefined();
    expect([1, 3, 4].map((n) => recent.find(`order_${n}`)?.userId)).toEqual(['user-1', 'user-3', 'user-4']);
  });
});
