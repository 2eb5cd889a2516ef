import { kindCondition } from '../products/set-contents.ts';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '../../../domain/catalogue.ts';
import { shopDate } from '../../../domain/orders.ts';
import type { Database } from '../../db/client.ts';
import { products, users } from '../../db/schema/index.ts';
import type { EmailOutbox } from './email-outbox.ts';

export const LOW_STOCK_DIGEST_QUEUE = 'low-stock-digest';
/** Every morning at 9, shop time, before the studio starts brewing. */
export const LOW_STOCK_DIGEST_CRON = '0 9 * * *';

/**
 * The daily low-stock e-mail to every active admin. A day's digest is keyed by the day and the admin, so a
 * schedule that fired twice (or a retried job) still sends one each.
 */
export class LowStockDigest {
  constructor(
    private readonly db: Database,
    private readonly outbox: EmailOutbox,
  ) {}

  /** Returns how many digests were enqueued (none when nothing is low). */
  async run(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const low = await tx
        .select({ name: products.name, inventory: products.inventory })
        .from(products)
        // A set has no shelf of its own: its potions are listed when they run low.
        .where(and(isNull(products.archivedAt), lte(products.inventory, LOW_STOCK_THRESHOLD), kindCondition('potion')))
        .orderBy(asc(products.inventory), asc(products.name));
      if (low.length === 0) return 0;
      const admins = await tx.select({ id: users.id, email: users.email }).from(users).where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
      const day = shopDate(now);
      let enqueued = 0;
      for (const admin of admins) {
        const { created } = await this.outbox.enqueue(tx, {
          template: 'low-stock-digest',
          to: admin.email,
          data: { day, products: low },
          dedupeKey: `low-stock-digest:${day}:${admin.id}`,
          category: 'transactional',
        });
        if (created) enqueued += 1;
      }
      return enqueued;
    });
  }
}
