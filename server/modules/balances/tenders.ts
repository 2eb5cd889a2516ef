import { and, asc, eq, inArray } from 'drizzle-orm';
import { planTenders, splitRefund, type RefundSplit, type Tender, type TenderPlan } from '../../../domain/balances.ts';
import { formatPaise } from '../../../domain/money.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { balanceTenders } from '../../db/schema/index.ts';
import { Shortfall } from '../inventory/stock.ts';
import { addToBalance, takeFromBalance } from './balance-ledger.ts';
import { storeCreditAccount, type OfferedBalance } from './balance-service.ts';

/** A tender as the checkout planned it, with its place in the shopper's list (for the field to blame). */
export interface PlannedTender extends Tender {
  position: number;
}

/** A balance that no longer holds what the checkout planned to take from it (spent meanwhile, voided, expired). */
export class BalanceShort extends Error {
  constructor(
    readonly tender: PlannedTender,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Takes each tender off its balance for a checkout, in account order (the order every checkout and release locks
 * balances in, so two never wait on each other in a cycle), after the stock, coupon and promotion rows. A balance
 * that cannot pay its part throws BalanceShort and the caller's transaction rolls everything back.
 */
export async function takeTenders(tx: Transaction, checkoutId: string, tenders: readonly PlannedTender[], now: Date): Promise<void> {
  if (tenders.length === 0) return;
  for (const tender of [...tenders].sort((a, b) => a.accountId - b.accountId)) {
    const left = await takeFromBalance(tx, tender.accountId, tender.amountPaise, 'checkout', { checkoutId }, now);
    if (left === null) throw new BalanceShort(tender, 'This balance no longer holds what the order would take from it');
  }
  await tx.insert(balanceTenders).values(tenders.map((tender) => ({ checkoutId, accountId: tender.accountId, position: tender.position, amountPaise: tender.amountPaise, state: 'taken' as const, createdAt: now })));
}

/**
 * What the offered balances pay of `totalPaise` (domain/balances.ts `planTenders`), each tender with its place in
 * the shopper's list, for the field to blame: the plan a prepaid checkout and a cash-on-delivery order alike take.
 */
export function planOffered(totalPaise: number, offered: readonly OfferedBalance[]): { plan: TenderPlan; tenders: PlannedTender[] } {
  const plan = planTenders(totalPaise, offered);
  const tenders = plan.tenders.map((tender) => ({ ...tender, position: offered.findIndex((source) => source.accountId === tender.accountId) }));
  return { plan, tenders };
}

/** Takes the planned tenders in the checkout's transaction; a balance spent meanwhile is a 409 against its code. */
export async function takeOfferedTenders(tx: Transaction, checkoutId: string, tenders: PlannedTender[], offered: readonly OfferedBalance[], now: Date): Promise<void> {
  try {
    await takeTenders(tx, checkoutId, tenders, now);
  } catch (error) {
    if (!(error instanceof BalanceShort)) throw error;
    const source = offered[error.tender.position]!;
    throw fieldRefusal('conflict', source.field, `${source.label} no longer holds ${formatPaise(error.tender.amountPaise)}: it was spent meanwhile, please check it again`);
  }
}

/** Puts back what checkouts that will not be paid took from balances (their hold ran out, or the payment failed). */
export async function releaseTenders(tx: Transaction, checkoutIds: readonly string[], now: Date = new Date()): Promise<void> {
  if (checkoutIds.length === 0) return;
  const released = await tx
    .update(balanceTenders)
    .set({ state: 'released' })
    .where(and(inArray(balanceTenders.checkoutId, [...checkoutIds]), eq(balanceTenders.state, 'taken')))
    .returning();
  for (const tender of released.sort((a, b) => a.accountId - b.accountId)) {
    await addToBalance(tx, tender.accountId, tender.amountPaise, 'released', { checkoutId: tender.checkoutId }, now);
  }
}

/**
 * The order a checkout became pays with its tenders: a held checkout's are simply the order's; a late payment (the
 * hold was released) takes them again, and a balance spent meanwhile makes the order a refund case (a Shortfall).
 */
export async function claimTenders(tx: Transaction, order: { id: string; checkoutId: string; balancesPaise: number }, now: Date): Promise<void> {
  if (order.balancesPaise === 0) return;
  const tenders = await tx.select().from(balanceTenders).where(eq(balanceTenders.checkoutId, order.checkoutId)).orderBy(asc(balanceTenders.accountId));
  for (const tender of tenders) {
    if (tender.state === 'released') {
      const left = await takeFromBalance(tx, tender.accountId, tender.amountPaise, 'checkout', { checkoutId: order.checkoutId, orderId: order.id }, now);
      if (left === null) throw new Shortfall('balance', 'A gift card or store credit this order was to be paid with was spent before the payment came');
    }
  }
  await tx.update(balanceTenders).set({ state: 'taken', orderId: order.id }).where(eq(balanceTenders.checkoutId, order.checkoutId));
}

/**
 * A cash-on-delivery order ended without its cash (docs/decisions/0084): what its gift cards and store credit paid
 * goes back onto them, each with a `released` ledger entry naming the order. The tenders are marked released in the
 * same statement that finds them, so a second call finds none and gives nothing back twice.
 */
export async function giveTendersBack(tx: Transaction, order: { id: string; orderNumber: string }, now: Date): Promise<number> {
  const released = await tx
    .update(balanceTenders)
    .set({ state: 'released' })
    .where(and(eq(balanceTenders.orderId, order.id), eq(balanceTenders.state, 'taken')))
    .returning();
  for (const tender of released.sort((a, b) => a.accountId - b.accountId)) {
    const back = tender.amountPaise - tender.refundedPaise;
    if (back > 0) await addToBalance(tx, tender.accountId, back, 'released', { orderId: order.id, checkoutId: tender.checkoutId, note: `Order ${order.orderNumber} was not paid on delivery` }, now);
  }
  return released.length;
}

/** What an order's balances paid, in the order they were given. */
export async function tendersOfOrder(tx: Pick<Transaction, 'select'>, orderId: string) {
  return tx.select().from(balanceTenders).where(and(eq(balanceTenders.orderId, orderId), eq(balanceTenders.state, 'taken'))).orderBy(asc(balanceTenders.position));
}

/**
 * Puts refunded money back on the balances an order was paid with (domain/balances.ts `splitRefund` says how
 * much on each), counting it on the tender so no rupee is given back twice.
 */
export async function refundToTenders(tx: Transaction, order: { id: string }, parts: readonly Tender[], now: Date, refs: { actorId?: string | null; note?: string | null } = {}): Promise<void> {
  const tenders = await tendersOfOrder(tx, order.id);
  for (const part of [...parts].sort((a, b) => a.accountId - b.accountId)) {
    const tender = tenders.find((candidate) => candidate.accountId === part.accountId);
    if (!tender || tender.refundedPaise + part.amountPaise > tender.amountPaise) throw new Error(`Order ${order.id} cannot give back ${part.amountPaise} to balance ${part.accountId}`);
    await tx.update(balanceTenders).set({ refundedPaise: tender.refundedPaise + part.amountPaise }).where(eq(balanceTenders.id, tender.id));
    await addToBalance(tx, part.accountId, part.amountPaise, 'refund', { orderId: order.id, ...refs }, now);
  }
}

/**
 * Puts `amountPaise` back onto an order's balances, the one used last first, each up to what it paid and has not had
 * back (`splitRefund` with nothing collected): the balances' part of a cash-on-delivery order's refund
 * (docs/decisions/0087), given back when its transfer is recorded paid, or at once when no transfer is owed. The
 * caller holds the order row, so the tenders read here are not moved meanwhile; a part they cannot take (never,
 * while the opened refunds add up) is a 409 and nothing is written.
 */
export async function refundBalancesPart(
  tx: Transaction,
  order: { id: string; orderNumber: string },
  amountPaise: number,
  now: Date,
  refs: { actorId?: string | null; note?: string | null } = {},
): Promise<void> {
  if (amountPaise <= 0) return;
  const tenders = await tendersOfOrder(tx, order.id);
  const { balances } = splitRefund(amountPaise, { collectedPaise: 0, collectedRefundedPaise: 0, tenders });
  if (balances.reduce((sum, part) => sum + part.amountPaise, 0) !== amountPaise) {
    throw new Refusal('conflict', `Order ${order.orderNumber}'s gift cards and store credit have less left to get back than ${formatPaise(amountPaise)}: check its refunds by hand`);
  }
  await refundToTenders(tx, order, balances, now, refs);
}

/**
 * Where a refund of an order goes (domain/balances.ts `splitRefund`, decision 0068): what the provider collected
 * first, then the order's balances. An order no balance paid gives it all back the way it was collected.
 */
export async function splitOrderRefund(tx: Transaction, order: { id: string; totalPaise: number; balancesPaise: number; refundedPaise: number }, amountPaise: number) {
  if (order.balancesPaise === 0) return { collectedPaise: amountPaise, balances: [] as Tender[] };
  const tenders = await tendersOfOrder(tx, order.id);
  const toBalances = tenders.reduce((sum, tender) => sum + tender.refundedPaise, 0);
  return splitRefund(amountPaise, {
    collectedPaise: order.totalPaise - order.balancesPaise,
    collectedRefundedPaise: Math.max(0, order.refundedPaise - toBalances),
    tenders: tenders.map((tender) => ({ accountId: tender.accountId, amountPaise: tender.amountPaise, refundedPaise: tender.refundedPaise })),
  });
}

/**
 * What of a refund, split and made as `split` says, went onto balances, as the lifecycle's `refund-succeeded` takes it
 * (the e-mail, notice and WhatsApp message say it apart from the money): the parts put back onto the balances that
 * paid, and with the customer's choice of store credit (decision 0075) the provider's part, which went onto it.
 */
export function ontoBalances(split: RefundSplit, refundTo: 'original' | 'store-credit'): { toBalancesPaise?: number; toStoreCreditPaise?: number } {
  const toBalancesPaise = split.balances.reduce((sum, part) => sum + part.amountPaise, 0);
  const toStoreCreditPaise = refundTo === 'store-credit' ? split.collectedPaise : 0;
  return { ...(toBalancesPaise > 0 ? { toBalancesPaise } : {}), ...(toStoreCreditPaise > 0 ? { toStoreCreditPaise } : {}) };
}

/**
 * 'Refund to store credit instantly', at the customer's choice (decision 0075): what the provider collected for the
 * refund goes onto the customer's store credit now, with a `refund` entry naming the order, instead of back to the
 * card or bank. Nothing for an amount of nothing.
 */
export async function creditStoreCredit(tx: Transaction, order: { id: string; userId: string }, amountPaise: number, note: string, now: Date): Promise<void> {
  if (amountPaise <= 0) return;
  const accountId = await storeCreditAccount(tx, order.userId, now);
  await addToBalance(tx, accountId, amountPaise, 'refund', { orderId: order.id, note }, now);
}
