import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { ERASED_NAME, erasedEmailOf, invoiceRetentionEnds, retentionCutoff, type RetentionKind } from '../../../domain/data-rights.ts';
import type { Database } from '../../db/client.ts';
import { blankedAddress } from './account-erasure.ts';
import { accountTokens, checkouts, contactMessages, emailMessages, newsletterSubscribers, orders, rateCounters, sessions, stockWaitlist, users } from '../../db/schema/index.ts';

/** The pg-boss queue whose daily schedule deletes what the privacy notice keeps only for a period. */
export const RETENTION_QUEUE = 'data-retention';
/** 02:45 shop time, before the 03:30 backup, so the backup holds no more than the notice says. */
export const RETENTION_CRON = '45 2 * * *';

export type RetentionReport = Record<RetentionKind | 'erasedInvoices', number>;

/**
 * Deletes what the privacy notice says is kept only for a period (domain/data-rights.ts RETENTION): DPDP Act
 * 2023 s.8(7) asks personal data to be erased once its purpose is served. Each kind is one statement, so a run
 * cut short leaves the rest to the next day's. Returns how many rows of each kind went.
 */
export async function applyRetention(db: Database, now: Date): Promise<RetentionReport> {
  const cutoff = (kind: RetentionKind) => retentionCutoff(kind, now);
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  const report: RetentionReport = {
    contactMessages: await count(db.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff('contactMessages'))).returning({ id: contactMessages.id })),
    // A checkout that never became an order, past its hold: nothing else points at it.
    unpaidCheckouts: await count(
      db
        .delete(checkouts)
        .where(
          and(
            lt(checkouts.createdAt, cutoff('unpaidCheckouts')),
            or(isNull(checkouts.holdState), sql`${checkouts.holdState} <> 'held'`),
            notExists(db.select({ one: sql`1` }).from(orders).where(eq(orders.checkoutId, checkouts.id))),
          ),
        )
        .returning({ id: checkouts.id }),
    ),
    unconfirmedSubscribers: await count(
      db
        .delete(newsletterSubscribers)
        .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, cutoff('unconfirmedSubscribers'))))
        .returning({ id: newsletterSubscribers.id }),
    ),
    stockAlerts: await count(db.delete(stockWaitlist).where(and(isNull(stockWaitlist.notifiedAt), lt(stockWaitlist.createdAt, cutoff('stockAlerts')))).returning({ id: stockWaitlist.id })),
    stockAlertsNotified: await count(
      db
        .delete(stockWaitlist)
        .where(and(isNotNull(stockWaitlist.notifiedAt), lt(stockWaitlist.notifiedAt, cutoff('stockAlertsNotified'))))
        .returning({ id: stockWaitlist.id }),
    ),
    // Only messages done with: one still queued or being sent is the outbox's.
    emailLog: await count(
      db
        .delete(emailMessages)
        .where(and(lt(emailMessages.createdAt, cutoff('emailLog')), inArray(emailMessages.status, ['sent', 'kept', 'dead', 'unsubscribed', 'withheld'])))
        .returning({ id: emailMessages.id }),
    ),
    expiredTokens:
      (await count(db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ hash: sessions.tokenHash }))) +
      // Links a day old at least: the hourly cap on links sent to one address counts the last hour's, used or not.
      (await count(
        db
          .delete(accountTokens)
          .where(and(lt(accountTokens.createdAt, retentionCutoff('expiredTokens', now)), or(lt(accountTokens.expiresAt, now), isNotNull(accountTokens.usedAt))))
          .returning({ hash: accountTokens.tokenHash }),
      )),
    rateCounters: await count(db.delete(rateCounters).where(lt(rateCounters.windowStartedAt, cutoff('rateCounters'))).returning({ key: rateCounters.key })),
    erasedInvoices: await anonymiseExpiredInvoices(db, now),
  };
  return report;
}

/** Erased customers' kept orders whose invoices' legal period (CGST Act s.36) has ended lose their personal data too. */
async function anonymiseExpiredInvoices(db: Database, now: Date): Promise<number> {
  const kept = await db
    .select({ id: orders.id, invoiceDate: orders.invoiceDate, userId: orders.userId })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(isNotNull(users.erasedAt), isNotNull(orders.invoiceDate), sql`${orders.customerName} <> ${ERASED_NAME}`));
  const due = kept.filter((order) => order.invoiceDate && invoiceRetentionEnds(order.invoiceDate) <= now);
  for (const order of due) {
    await db
      .update(orders)
      .set({
        customerName: ERASED_NAME,
        customerEmail: erasedEmailOf(order.userId),
        customerPhone: '',
        shippingAddress: blankedAddress(orders.shippingAddress),
        buyerGstin: null,
        buyerLegalName: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  }
  return due.length;
}
