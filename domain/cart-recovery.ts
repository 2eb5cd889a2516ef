/**
 * Abandoned-checkout recovery: when a signed-in shopper's cart (or a payment order they opened) is left alone,
 * which reminder is due, and how a shopper's browser cart and their cart kept on the server merge.
 * Pure rules on plain dates; the job (server/modules/recovery) reads the facts and sends what is due.
 * See docs/decisions/0070.
 */
import { cartIdOf, MAX_LINE_QUANTITY } from './cart.ts';

export const REMINDER_STEPS = ['first', 'second'] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** What the abandonment was: a cart left with items, or a payment order opened and never paid. */
export const ABANDONMENT_CAUSES = ['cart', 'checkout'] as const;
export type AbandonmentCause = (typeof ABANDONMENT_CAUSES)[number];

export interface RecoverySettings {
  first: { enabled: boolean; delayMinutes: number };
  second: { enabled: boolean; delayHours: number; /** A code-based promotion offered in the second reminder; null: none. */ promotionCode: string | null };
}

export const DEFAULT_RECOVERY_SETTINGS: RecoverySettings = {
  first: { enabled: true, delayMinutes: 60 },
  second: { enabled: true, delayHours: 24, promotionCode: null },
};

/** A cart left longer than this is not worth a first word: the shopper has moved on, and a reminder then reads as spam. */
export const MAX_ABANDONMENT_AGE_MS = 7 * 24 * 60 * 60_000;
/**
 * After one abandonment's reminders, a new abandonment waits this long for its own: a shopper who comes back,
 * restores the cart and leaves again is not reminded every hour.
 */
export const REMINDER_COOLDOWN_MS = 3 * 24 * 60 * 60_000;
/** A restore link works this long after its reminder was sent. */
export const RESTORE_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** An order placed this long after a reminder's link was opened counts as brought back by that reminder. */
export const ATTRIBUTION_WINDOW_MS = 7 * 24 * 60 * 60_000;

export interface SentReminder {
  step: ReminderStep;
  /** The moment of the abandonment it reminded of (its anchor): one abandonment gets each step at most once. */
  anchorAt: Date;
  sentAt: Date;
}

/** What the job knows about one shopper when it looks. */
export interface AbandonmentFacts {
  /** Units in the cart kept on the server (0: empty or never saved). */
  cartItemCount: number;
  /** When the cart was last changed; null when the shopper never had one on the server. */
  cartTouchedAt: Date | null;
  /** The newest payment order the shopper opened and did not pay; null when none is open. */
  unpaidCheckoutAt: Date | null;
  /** The shopper's newest order, of any kind. */
  lastOrderAt: Date | null;
  reminders: readonly SentReminder[];
}

export interface Abandonment {
  anchorAt: Date;
  cause: AbandonmentCause;
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a >= b ? a : b) : (a ?? b));

/**
 * The abandonment a shopper is in, if any: the later of the cart's last change (while it holds items) and an
 * unpaid payment order. Nothing when the cart was emptied after the last payment order, or an order was placed
 * since: a shopper who bought or changed their mind is not chased.
 */
export function abandonmentOf(facts: AbandonmentFacts): Abandonment | null {
  const cartAt = facts.cartItemCount > 0 ? facts.cartTouchedAt : null;
  // An emptied cart ends the matter, unless a payment order was opened after it was emptied.
  if (facts.cartItemCount === 0 && facts.cartTouchedAt && (!facts.unpaidCheckoutAt || facts.cartTouchedAt >= facts.unpaidCheckoutAt)) return null;
  const anchorAt = later(cartAt, facts.unpaidCheckoutAt);
  if (!anchorAt) return null;
  if (facts.lastOrderAt && facts.lastOrderAt >= anchorAt) return null;
  const cause: AbandonmentCause = facts.unpaidCheckoutAt && facts.unpaidCheckoutAt.getTime() === anchorAt.getTime() ? 'checkout' : 'cart';
  return { anchorAt, cause };
}

export interface DueReminder extends Abandonment {
  step: ReminderStep;
}

/**
 * The reminder to send now, or null. The first goes `first.delayMinutes` after the abandonment, the second
 * `second.delayHours` after it (and never within half their spacing of a first that went late). When the job
 * was away and both are due, only the second goes. Each step goes once per abandonment.
 */
export function dueReminder(facts: AbandonmentFacts, settings: RecoverySettings, now: Date): DueReminder | null {
  const abandonment = abandonmentOf(facts);
  if (!abandonment) return null;
  const anchor = abandonment.anchorAt.getTime();
  const age = now.getTime() - anchor;
  if (age > MAX_ABANDONMENT_AGE_MS) return null;
  const mine = facts.reminders.filter((reminder) => reminder.anchorAt.getTime() === anchor);
  const others = facts.reminders.filter((reminder) => reminder.anchorAt.getTime() !== anchor);
  if (others.some((reminder) => now.getTime() - reminder.sentAt.getTime() < REMINDER_COOLDOWN_MS)) return null;
  const firstDelay = settings.first.delayMinutes * 60_000;
  const secondDelay = settings.second.delayHours * 60 * 60_000;
  const first = mine.find((reminder) => reminder.step === 'first');
  if (mine.some((reminder) => reminder.step === 'second')) return null;
  if (settings.second.enabled && age >= secondDelay) {
    // A first reminder that went late (the job was away) is not followed at once by the second: at least half the
    // spacing the settings give them lies between the two.
    const spacing = Math.max(0, secondDelay - firstDelay) / 2;
    if (!first || now.getTime() - first.sentAt.getTime() >= spacing) return { ...abandonment, step: 'second' };
    return null;
  }
  if (settings.first.enabled && !first && age >= firstDelay) return { ...abandonment, step: 'first' };
  return null;
}

export interface MergeLine {
  productId: number;
  size: string;
  quantity: number;
}

/**
 * The browser's cart and the server's, as one: every line of either; where both hold a line, the larger
 * quantity (the shopper meant at least that many, never the sum); then no more than `available(line)` units,
 * and a line with none available is dropped. The browser's order of lines comes first.
 */
export function mergeCarts(browser: readonly MergeLine[], server: readonly MergeLine[], available: (line: MergeLine) => number): MergeLine[] {
  const merged = new Map<string, MergeLine>();
  for (const line of [...browser, ...server]) {
    const key = cartIdOf(line.productId, line.size);
    const seen = merged.get(key);
    merged.set(key, { productId: line.productId, size: line.size, quantity: Math.max(seen?.quantity ?? 0, line.quantity) });
  }
  return [...merged.values()]
    .map((line) => ({ ...line, quantity: Math.min(line.quantity, MAX_LINE_QUANTITY, Math.max(0, Math.floor(available(line)))) }))
    .filter((line) => line.quantity > 0);
}
