import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNotNull, isNull, lte, ne, notExists, or, sql, TransactionRollbackError } from 'drizzle-orm';
import type { KeptCartItem } from '../../../contracts/cart-recovery.ts';
import {
  ATTRIBUTION_WINDOW_MS,
  dueReminder,
  MAX_ABANDONMENT_AGE_MS,
  REMINDER_COOLDOWN_MS,
  RESTORE_LINK_LIFETIME_MS,
  type AbandonmentFacts,
  type DueReminder,
  type RecoverySettings,
} from '../../../domain/cart-recovery.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { cartReminders, checkouts, orders, promotions, savedCarts, users, type KeptCartLine } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { hasUnsubscribed } from '../mail/mailing-lists.ts';
import type { CartReminderChannel } from './cart-reminder-event.ts';
import type { KeptCarts } from './kept-carts.ts';

/** The pg-boss queue whose schedule sends the reminders that are due and marks the orders they brought back. */
export const CART_RECOVERY_QUEUE = 'cart-recovery';
/** Every minute: a reminder goes a minute or so after its delay; a run with nothing due is two short reads. */
export const CART_RECOVERY_CRON = '* * * * *';
/** Shoppers looked at per run; the rest wait for the next. */
const BATCH = 200;

export const RESTORE_LINK_REFUSED = 'This cart link is not valid or has expired.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface RecoveryRun {
  sent: number;
  recovered: number;
}

/**
 * Abandoned-checkout recovery (docs/decisions/0070): finds signed-in shoppers whose cart or payment order was
 * left, sends the reminder that is due through every channel, restores a reminder's cart from its link, and marks
 * the order a reminder brought back.
 */
export class CartRecovery {
  constructor(
    private readonly db: Database,
    private readonly carts: KeptCarts,
    private readonly channels: readonly CartReminderChannel[],
    private readonly settings: RecoverySettings,
    private readonly shopUrl: string,
    private readonly clock: () => Date,
  ) {}

  get recoverySettings(): RecoverySettings {
    return this.settings;
  }

  /** One run of the job: orders brought back first (a purchase also ends the reminders), then what is due. */
  async run(now = this.clock()): Promise<RecoveryRun> {
    const recovered = await this.markRecovered(now);
    let sent = 0;
    for (const userId of await this.candidates(now)) {
      if (await this.remind(userId, now)) sent += 1;
    }
    return { sent, recovered };
  }

  /** Shoppers with a cart left with items, or a payment order opened and not paid, old enough for a reminder. */
  private async candidates(now: Date): Promise<string[]> {
    const delays = [this.settings.first.enabled ? this.settings.first.delayMinutes * 60_000 : null, this.settings.second.enabled ? this.settings.second.delayHours * 3_600_000 : null];
    const enabled = delays.filter((delay): delay is number => delay !== null);
    if (enabled.length === 0) return [];
    const newest = new Date(now.getTime() - Math.min(...enabled));
    const oldest = new Date(now.getTime() - MAX_ABANDONMENT_AGE_MS);
    const carts = this.db
      .select({ userId: savedCarts.userId })
      .from(savedCarts)
      .where(and(gt(savedCarts.itemCount, 0), gte(savedCarts.touchedAt, oldest), lte(savedCarts.touchedAt, newest)));
    const opened = this.db
      .select({ userId: checkouts.userId })
      .from(checkouts)
      .where(
        and(
          ne(checkouts.provider, 'cod'),
          ne(checkouts.status, 'paid'),
          gte(checkouts.createdAt, oldest),
          lte(checkouts.createdAt, newest),
          notExists(this.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
        ),
      );
    const rows = await carts.union(opened).limit(BATCH);
    return rows.map((row) => row.userId);
  }

  private async factsOf(userId: string, now: Date) {
    const since = new Date(now.getTime() - MAX_ABANDONMENT_AGE_MS - REMINDER_COOLDOWN_MS);
    const [[cart], [checkout], [order], reminders] = await Promise.all([
      this.db.select().from(savedCarts).where(eq(savedCarts.userId, userId)),
      this.db
        .select({ createdAt: checkouts.createdAt, lines: checkouts.lines })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.userId, userId),
            ne(checkouts.provider, 'cod'),
            ne(checkouts.status, 'paid'),
            notExists(this.db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
          ),
        )
        .orderBy(desc(checkouts.createdAt))
        .limit(1),
      this.db.select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(1),
      this.db
        .select({ step: cartReminders.step, anchorAt: cartReminders.anchorAt, sentAt: cartReminders.sentAt })
        .from(cartReminders)
        .where(and(eq(cartReminders.userId, userId), gte(cartReminders.sentAt, since))),
    ]);
    const facts: AbandonmentFacts = {
      cartItemCount: cart?.itemCount ?? 0,
      cartTouchedAt: cart?.touchedAt ?? null,
      unpaidCheckoutAt: checkout?.createdAt ?? null,
      lastOrderAt: order?.createdAt ?? null,
      reminders,
    };
    const checkoutLines: KeptCartLine[] = (checkout?.lines ?? []).filter((line) => !line.gift).map(({ productId, size, quantity }) => ({ productId, size, quantity }));
    return { facts, cartLines: cart?.lines ?? [], checkoutLines };
  }

  /** Sends `userId` the reminder that is due, if any; true when one was sent. */
  private async remind(userId: string, now: Date): Promise<boolean> {
    const [user] = await this.db.select({ name: users.name, email: users.email, phone: users.phone, role: users.role }).from(users).where(eq(users.id, userId));
    if (!user || user.role !== 'customer') return false;
    const { facts, cartLines, checkoutLines } = await this.factsOf(userId, now);
    const due = dueReminder(facts, this.settings, now);
    if (!due) return false;
    // A shopper who left the list is neither written to nor counted as reminded.
    if (await hasUnsubscribed(this.db, 'cart-reminders', user.email)) return false;
    const lines = due.cause === 'checkout' && checkoutLines.length > 0 ? checkoutLines : cartLines;
    const shown = await this.carts.describe(userId, lines, { capAtStock: false });
    if (shown.length === 0) return false;
    const promotion = due.step === 'second' ? await this.livePromotion(now) : null;
    const token = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(cartReminders)
        .values({ userId, step: due.step, cause: due.cause, anchorAt: due.anchorAt, tokenHash: hashOf(token), lines: [...lines], promotionCode: promotion?.code ?? null, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: cartReminders.id });
      // Another run (or process) sent this step for this abandonment already.
      if (!row) return false;
      const event = this.eventOf(row.id, userId, user, due, shown, token, promotion);
      let written = false;
      for (const channel of this.channels) written = (await channel(tx, event)) || written;
      // No channel wrote anything (the address left the list meanwhile): no reminder is recorded either.
      if (!written) tx.rollback();
      return true;
    }).catch((error: unknown) => {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    });
  }

  private eventOf(
    reminderId: string,
    userId: string,
    user: { name: string; email: string; phone: string },
    due: DueReminder,
    shown: KeptCartItem[],
    token: string,
    promotion: { code: string; name: string } | null,
  ) {
    return {
      reminderId,
      userId,
      customerName: user.name,
      email: user.email,
      phone: user.phone,
      step: due.step,
      cause: due.cause,
      lines: shown.map((line) => ({ name: line.name, size: line.size, quantity: line.quantity, unitPricePaise: rupeesToPaise(line.unitPrice) })),
      restoreUrl: `${this.shopUrl}/cart/restore?token=${token}`,
      promotion,
    };
  }

  /** The settings' promotion, when it is a code that can be used now; a paused, ended or used-up one is left out. */
  private async livePromotion(now: Date): Promise<{ code: string; name: string } | null> {
    const code = this.settings.second.promotionCode;
    if (!code) return null;
    const [row] = await this.db
      .select({ code: promotions.code, name: promotions.name })
      .from(promotions)
      .where(
        and(
          eq(promotions.code, code.toUpperCase()),
          // A festival's coupon is kept on the festival's screen, not offered here.
          isNull(promotions.festivalId),
          eq(promotions.paused, false),
          lte(promotions.startsAt, now),
          or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
          or(isNull(promotions.usageLimit), sql`${promotions.usedCount} < ${promotions.usageLimit}`),
        ),
      );
    return row?.code ? { code: row.code, name: row.name } : null;
  }

  /**
   * The cart a reminder's link restores, with today's prices and no more than is in stock. A link that is
   * unknown, expired, or another account's (when someone is signed in) gets the same 404 and restores nothing.
   */
  async restore(token: string, requesterId: string | undefined, now = this.clock()): Promise<KeptCartItem[]> {
    const [reminder] = await this.db.select().from(cartReminders).where(eq(cartReminders.tokenHash, hashOf(token)));
    const refused = () => new HttpError(404, RESTORE_LINK_REFUSED, [{ field: 'token', message: RESTORE_LINK_REFUSED }]);
    if (!reminder || now.getTime() - reminder.sentAt.getTime() > RESTORE_LINK_LIFETIME_MS) throw refused();
    if (requesterId && requesterId !== reminder.userId) throw refused();
    await this.db
      .update(cartReminders)
      .set({ openedAt: now })
      .where(and(eq(cartReminders.id, reminder.id), isNull(cartReminders.openedAt)));
    return this.carts.describe(reminder.userId, reminder.lines, { capAtStock: true });
  }

  /**
   * Marks each order a reminder brought back: the shopper's first order placed after they opened the reminder's
   * link, within 7 days. An order is marked with one reminder only, the last one opened before it.
   */
  async markRecovered(now = this.clock()): Promise<number> {
    const opened = await this.db
      .select({ id: cartReminders.id, userId: cartReminders.userId, openedAt: cartReminders.openedAt })
      .from(cartReminders)
      .where(and(isNull(cartReminders.recoveredOrderId), isNotNull(cartReminders.openedAt), gte(cartReminders.openedAt, new Date(now.getTime() - 2 * ATTRIBUTION_WINDOW_MS))))
      .orderBy(desc(cartReminders.openedAt));
    let marked = 0;
    for (const reminder of opened) {
      const openedAt = reminder.openedAt!;
      const [order] = await this.db
        .select({ id: orders.id, createdAt: orders.createdAt })
        .from(orders)
        .where(
          and(
            eq(orders.userId, reminder.userId),
            ne(orders.status, 'cancelled'),
            gte(orders.createdAt, openedAt),
            lte(orders.createdAt, new Date(openedAt.getTime() + ATTRIBUTION_WINDOW_MS)),
            notExists(this.db.select({ id: cartReminders.id }).from(cartReminders).where(eq(cartReminders.recoveredOrderId, orders.id))),
          ),
        )
        .orderBy(asc(orders.createdAt))
        .limit(1);
      if (!order) continue;
      const updated = await this.db
        .update(cartReminders)
        .set({ recoveredOrderId: order.id, recoveredAt: order.createdAt })
        .where(and(eq(cartReminders.id, reminder.id), isNull(cartReminders.recoveredOrderId)))
        .returning({ id: cartReminders.id })
        // Another run marked this order with a reminder meanwhile (one order, one reminder): this one waits for the next order.
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return [];
          throw error;
        });
      marked += updated.length;
    }
    return marked;
  }
}
