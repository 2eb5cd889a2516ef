import { describe, expect, it } from 'vitest';
import { abandonmentOf, DEFAULT_RECOVERY_SETTINGS, dueReminder, mergeCarts, type AbandonmentFacts, type RecoverySettings } from './cart-recovery.ts';

const T0 = new Date('2026-11-20T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const HOUR = 60;

const cart = (overrides: Partial<AbandonmentFacts> = {}): AbandonmentFacts => ({
  cartItemCount: 2,
  cartTouchedAt: T0,
  unpaidCheckoutAt: null,
  lastOrderAt: null,
  reminders: [],
  ...overrides,
});

describe('dueReminder', () => {
  const settings = DEFAULT_RECOVERY_SETTINGS;

  it('sends the first an hour after the cart was left, not a minute sooner', () => {
    expect(dueReminder(cart(), settings, at(59))).toBeNull();
    expect(dueReminder(cart(), settings, at(60))).toEqual({ anchorAt: T0, cause: 'cart', step: 'first' });
  });

  it('sends the second 24 hours after, once, and the first only once', () => {
    const afterFirst = cart({ reminders: [{ step: 'first', anchorAt: T0, sentAt: at(61) }] });
    expect(dueReminder(afterFirst, settings, at(2 * HOUR))).toBeNull();
    expect(dueReminder(afterFirst, settings, at(24 * HOUR))).toMatchObject({ step: 'second' });
    const afterBoth = cart({ reminders: [...afterFirst.reminders, { step: 'second', anchorAt: T0, sentAt: at(24 * HOUR) }] });
    expect(dueReminder(afterBoth, settings, at(30 * HOUR))).toBeNull();
  });

  it('sends only the second when the job was away past both, and keeps them apart when the first went late', () => {
    expect(dueReminder(cart(), settings, at(25 * HOUR))).toMatchObject({ step: 'second' });
    const lateFirst = cart({ reminders: [{ step: 'first', anchorAt: T0, sentAt: at(23 * HOUR) }] });
    expect(dueReminder(lateFirst, settings, at(24 * HOUR))).toBeNull();
    expect(dueReminder(lateFirst, settings, at(23 * HOUR + 23 * HOUR))).toMatchObject({ step: 'second' });
  });

  it('sends nothing after a purchase, an emptied cart, or for a cart a week old', () => {
    expect(dueReminder(cart({ lastOrderAt: at(10) }), settings, at(2 * HOUR))).toBeNull();
    expect(dueReminder(cart({ cartItemCount: 0, cartTouchedAt: at(10) }), settings, at(2 * HOUR))).toBeNull();
    expect(dueReminder(cart(), settings, at(8 * 24 * HOUR))).toBeNull();
  });

  it('reminds of an unpaid payment order, even when the cart was never saved', () => {
    const opened = cart({ cartItemCount: 0, cartTouchedAt: null, unpaidCheckoutAt: at(5) });
    expect(dueReminder(opened, settings, at(65))).toEqual({ anchorAt: at(5), cause: 'checkout', step: 'first' });
    // Emptied after the payment order: nothing. Emptied before it: the payment order still counts.
    expect(abandonmentOf({ ...opened, cartTouchedAt: at(6) })).toBeNull();
    expect(abandonmentOf({ ...opened, cartTouchedAt: at(4) })).toEqual({ anchorAt: at(5), cause: 'checkout' });
  });

  it('honours each setting: a step turned off is never sent, delays move', () => {
    const firstOff: RecoverySettings = { ...settings, first: { enabled: false, delayMinutes: 60 } };
    expect(dueReminder(cart(), firstOff, at(2 * HOUR))).toBeNull();
    expect(dueReminder(cart(), firstOff, at(24 * HOUR))).toMatchObject({ step: 'second' });
    const secondOff: RecoverySettings = { ...settings, second: { enabled: false, delayHours: 24, promotionCode: null } };
    expect(dueReminder(cart({ reminders: [{ step: 'first', anchorAt: T0, sentAt: at(60) }] }), secondOff, at(30 * HOUR))).toBeNull();
    const quick: RecoverySettings = { first: { enabled: true, delayMinutes: 15 }, second: { enabled: true, delayHours: 2, promotionCode: null } };
    expect(dueReminder(cart(), quick, at(15))).toMatchObject({ step: 'first' });
  });

  it('does not start a new abandonment within three days of the last one’s reminders', () => {
    const earlier = [{ step: 'first' as const, anchorAt: at(-5 * HOUR), sentAt: at(-4 * HOUR) }];
    expect(dueReminder(cart({ reminders: earlier }), settings, at(2 * HOUR))).toBeNull();
    expect(dueReminder(cart({ reminders: earlier }), settings, at(3 * 24 * HOUR - 4 * HOUR))).toMatchObject({ step: 'second' });
  });
});

describe('mergeCarts', () => {
  it('keeps every line, the larger quantity where both have it, never above stock', () => {
    const merged = mergeCarts(
      [
        { productId: 1, size: '15ml', quantity: 2 },
        { productId: 2, size: '50ml', quantity: 1 },
      ],
      [
        { productId: 1, size: '15ml', quantity: 5 },
        { productId: 3, size: '15ml', quantity: 4 },
        { productId: 4, size: '15ml', quantity: 1 },
      ],
      (line) => ({ 1: 4, 2: 10, 3: 10, 4: 0 })[line.productId] ?? 0,
    );
    expect(merged).toEqual([
      { productId: 1, size: '15ml', quantity: 4 },
      { productId: 2, size: '50ml', quantity: 1 },
      { productId: 3, size: '15ml', quantity: 4 },
    ]);
  });
});
