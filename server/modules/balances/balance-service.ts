import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  BALANCE_GRANT_MAX_PAISE,
  giftCardAmountProblem,
  giftCardCodeFrom,
  giftCardExpiry,
  giftCardLabel,
  lastFourOf,
  formatGiftCardCode,
  type BalanceSource,
} from '../../../domain/balances.ts';
import { formatPaise, paiseToRupees } from '../../../domain/money.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import type { AdminGiftCard, GiftCardSummary, IssueGiftCardBody, MyBalancesResponse } from '../../../contracts/balances.ts';
import type { Database } from '../../db/client.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { balanceAccounts, balanceEntries, emailMessages, giftCardSales, users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Actor } from '../orders/order-service.ts';
import { addToBalance, giftCardCodeHash, takeFromBalance } from './balance-ledger.ts';

type AccountRow = typeof balanceAccounts.$inferSelect;
type EntryRow = typeof balanceEntries.$inferSelect;

/** Entries shown with a balance: its latest, which is all a customer's page or an admin's lookup needs. */
const HISTORY_LIMIT = 100;

/** A balance the checkout will take from, with the words to show for it and the field to blame if it fails. */
export interface OfferedBalance extends BalanceSource {
  label: string;
  field: string;
}

function statusOf(account: AccountRow, now: Date): GiftCardSummary['status'] {
  if (account.status === 'void') return 'void';
  return account.expiresAt && account.expiresAt <= now ? 'expired' : 'active';
}

function entryDto(entry: EntryRow) {
  return {
    amount: paiseToRupees(entry.amountPaise),
    balanceAfter: paiseToRupees(entry.balanceAfterPaise),
    reason: entry.reason,
    note: entry.note,
    orderId: entry.orderId,
    createdAt: entry.createdAt.toISOString(),
  };
}

function summaryOf(account: AccountRow, now: Date): GiftCardSummary {
  return {
    id: account.id,
    lastFour: account.codeLastFour ?? '',
    balance: paiseToRupees(account.balancePaise),
    initial: paiseToRupees(account.initialPaise),
    status: statusOf(account, now),
    expiresAt: account.expiresAt!.toISOString(),
  };
}

/**
 * Gift cards and store credit: which balances a checkout may pay with, a card's balance for whoever holds its
 * code, the shopper's own store credit, and the back office's issue, void, lookup and goodwill credit, each
 * audited. Taking money for a checkout is tenders.ts, inside the checkout's transaction.
 */
export class BalanceService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** GIFT_CARD_VALIDITY_MONTHS */
    private readonly validityMonths: number,
  ) {}

  /**
   * The balances a checkout offers to pay with, in the order to use them: the gift cards as typed, then the
   * shopper's store credit. A code that names no card, or a card that cannot pay (voided, expired, empty), is a
   * refusal naming its place in the list, so the checkout can show it against the code.
   */
  async offered(userId: string, codes: readonly string[], useStoreCredit: boolean): Promise<OfferedBalance[]> {
    const now = this.clock();
    const offered: OfferedBalance[] = [];
    if (codes.length) {
      const hashes = codes.map(giftCardCodeHash);
      const rows = await this.db
        .select()
        .from(balanceAccounts)
        .where(and(eq(balanceAccounts.kind, 'gift-card'), inArray(balanceAccounts.codeHash, hashes)));
      codes.forEach((code, index) => {
        const field = `giftCardCodes.${index}`;
        const card = rows.find((row) => row.codeHash === hashes[index]);
        if (!card) throw fieldRefusal('invalid', field, `No gift card has the code ending ${lastFourOf(code)}`);
        const status = statusOf(card, now);
        if (status === 'void') throw fieldRefusal('invalid', field, `${giftCardLabel(card.codeLastFour!)} was cancelled`);
        if (status === 'expired') throw fieldRefusal('invalid', field, `${giftCardLabel(card.codeLastFour!)} expired on ${formatShopDate(card.expiresAt!)}`);
        if (card.balancePaise === 0) throw fieldRefusal('invalid', field, `${giftCardLabel(card.codeLastFour!)} has nothing left on it`);
        offered.push({ accountId: card.id, availablePaise: card.balancePaise, label: giftCardLabel(card.codeLastFour!), field });
      });
    }
    if (useStoreCredit) {
      const [credit] = await this.db
        .select()
        .from(balanceAccounts)
        .where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, userId)));
      if (!credit || credit.balancePaise === 0) throw fieldRefusal('invalid', 'useStoreCredit', 'You have no store credit to use');
      offered.push({ accountId: credit.id, availablePaise: credit.balancePaise, label: 'Store credit', field: 'useStoreCredit' });
    }
    return offered;
  }

  /** A card's balance and expiry, for whoever holds its code (the caller counts the try against the limits). */
  async check(code: string): Promise<GiftCardSummary> {
    const [card] = await this.db
      .select()
      .from(balanceAccounts)
      .where(and(eq(balanceAccounts.kind, 'gift-card'), eq(balanceAccounts.codeHash, giftCardCodeHash(code))));
    if (!card) throw new Refusal('not-found', 'No gift card has this code', [{ field: 'code', message: 'No gift card has this code' }]);
    return summaryOf(card, this.clock());
  }

  /** The shopper's store credit and its latest movements. */
  async mine(userId: string): Promise<Omit<MyBalancesResponse, 'success'>> {
    const [credit] = await this.db
      .select()
      .from(balanceAccounts)
      .where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, userId)));
    const history = credit ? await this.history(credit.id) : [];
    return { storeCredit: { balance: paiseToRupees(credit?.balancePaise ?? 0), history: history.map(entryDto) } };
  }

  private history(accountId: number) {
    return this.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, accountId)).orderBy(desc(balanceEntries.createdAt), desc(balanceEntries.id)).limit(HISTORY_LIMIT);
  }

  private async adminCard(account: AccountRow): Promise<AdminGiftCard> {
    return {
      ...summaryOf(account, this.clock()),
      recipientName: account.recipientName,
      recipientEmail: account.recipientEmail,
      note: account.note,
      createdAt: account.createdAt.toISOString(),
      history: (await this.history(account.id)).map(entryDto),
    };
  }

  /**
   * An admin issues a card by hand (a prize, a replacement): its code is made here, stored only as its hash, and
   * shown once in the answer. The card's first ledger entry and the audit entry name the admin and the reason.
   */
  async issue(actor: Actor, body: IssueGiftCardBody): Promise<{ giftCard: AdminGiftCard; code: string }> {
    const amountPaise = body.amount * 100;
    const problem = giftCardAmountProblem(amountPaise);
    if (problem) throw fieldRefusal('invalid', 'amount', problem);
    const now = this.clock();
    const code = giftCardCodeFrom(randomBytes);
    const card = await this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(balanceAccounts)
        .values({
          kind: 'gift-card',
          codeHash: giftCardCodeHash(code),
          codeLastFour: lastFourOf(code),
          initialPaise: amountPaise,
          expiresAt: giftCardExpiry(now, this.validityMonths),
          recipientName: body.recipientName,
          recipientEmail: body.recipientEmail,
          issuedBy: actor.id,
          note: body.reason,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await addToBalance(tx, made!.id, amountPaise, 'issued', { actorId: actor.id, note: body.reason }, now);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'gift-card.issue',
        targetType: 'gift-card',
        targetId: String(made!.id),
        details: { lastFour: made!.codeLastFour, amountPaise, recipientEmail: body.recipientEmail, reason: body.reason },
      });
      const [after] = await tx.select().from(balanceAccounts).where(eq(balanceAccounts.id, made!.id));
      return after!;
    });
    return { giftCard: await this.adminCard(card), code: formatGiftCardCode(code) };
  }

  /**
   * Cancels a card: what is left on it is taken off (a ledger entry with the reason) and it can pay for nothing
   * more. Money a live checkout holds on it comes back to a void card if that checkout is not paid.
   */
  async void(actor: Actor, id: number, reason: string): Promise<AdminGiftCard> {
    const now = this.clock();
    const card = await this.db.transaction(async (tx) => {
      const card = await lockedGiftCard(tx, id);
      if (card.status === 'void') throw new Refusal('conflict', `${giftCardLabel(card.codeLastFour!)} is already cancelled`);
      const voided = await voidCardLocked(tx, card, { actorId: actor.id, note: reason }, now);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'gift-card.void',
        targetType: 'gift-card',
        targetId: String(id),
        details: { lastFour: card.codeLastFour, before: { status: card.status, balancePaise: card.balancePaise }, after: { status: 'void', balancePaise: 0 }, reason },
      });
      return voided;
    });
    return this.adminCard(card);
  }

  /** A card as the back office sees it, read again after a change made elsewhere (a refund of it). */
  async adminCardById(id: number): Promise<AdminGiftCard> {
    const [card] = await this.db
      .select()
      .from(balanceAccounts)
      .where(and(eq(balanceAccounts.id, id), eq(balanceAccounts.kind, 'gift-card')));
    if (!card) throw notFoundRefusal('Gift card not found');
    return this.adminCard(card);
  }

  /** The back office finds a card by its whole code (read out by a customer) or by its last four. */
  async lookup(query: { code?: string; lastFour?: string }): Promise<AdminGiftCard[]> {
    const where = query.code ? eq(balanceAccounts.codeHash, giftCardCodeHash(query.code)) : eq(balanceAccounts.codeLastFour, query.lastFour!);
    const rows = await this.db
      .select()
      .from(balanceAccounts)
      .where(and(eq(balanceAccounts.kind, 'gift-card'), where))
      .orderBy(desc(balanceAccounts.createdAt))
      .limit(20);
    return Promise.all(rows.map((row) => this.adminCard(row)));
  }

  /** Goodwill credit an admin grants a customer, with the reason on the ledger and in the audit trail. */
  async grant(actor: Actor, email: string, amountPaise: number, reason: string): Promise<number> {
    if (amountPaise > BALANCE_GRANT_MAX_PAISE) throw fieldRefusal('invalid', 'amount', `A grant is at most ${formatPaise(BALANCE_GRANT_MAX_PAISE)}`);
    const now = this.clock();
    return this.db.transaction(async (tx) => {
      const [customer] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!customer) throw new Refusal('not-found', 'No customer has this e-mail', [{ field: 'email', message: 'No customer has this e-mail' }]);
      const accountId = await storeCreditAccount(tx, customer.id, now);
      const balance = await addToBalance(tx, accountId, amountPaise, 'granted', { actorId: actor.id, note: reason }, now);
      await recordAudit(tx, { actorId: actor.id, action: 'store-credit.grant', targetType: 'user', targetId: customer.id, details: { amountPaise, reason, balancePaise: balance } });
      return balance;
    });
  }
}

/**
 * The balances a checkout's body offers (its gift card codes as typed, then store credit if asked), for a prepaid
 * checkout and a cash-on-delivery order alike; none when it offers none, and a 400 naming the field where the shop
 * takes no balances.
 */
export async function offeredIn(
  balances: BalanceService | undefined,
  userId: string,
  body: { giftCardCodes?: string[] | undefined; useStoreCredit?: boolean | undefined },
): Promise<OfferedBalance[]> {
  const codes = body.giftCardCodes ?? [];
  if (!codes.length && !body.useStoreCredit) return [];
  if (!balances) throw fieldRefusal('invalid', codes.length ? 'giftCardCodes' : 'useStoreCredit', 'Gift cards and store credit are not taken here');
  return balances.offered(userId, codes, !!body.useStoreCredit);
}

/** The customer's store-credit account, made the first time credit comes to them. */
export async function storeCreditAccount(tx: Transaction, userId: string, now: Date): Promise<number> {
  await tx.insert(balanceAccounts).values({ kind: 'store-credit', userId, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [account] = await tx
    .select({ id: balanceAccounts.id })
    .from(balanceAccounts)
    .where(and(eq(balanceAccounts.kind, 'store-credit'), eq(balanceAccounts.userId, userId)));
  return account!.id;
}

/** A gift card, locked for a change to it (a void, a refund); 404 when no card has this id. */
export async function lockedGiftCard(tx: Transaction, id: number): Promise<AccountRow> {
  const [card] = await tx
    .select()
    .from(balanceAccounts)
    .where(and(eq(balanceAccounts.id, id), eq(balanceAccounts.kind, 'gift-card')))
    .for('update');
  if (!card) throw notFoundRefusal('Gift card not found');
  return card;
}

/**
 * Voids a locked card: what is left on it comes off with a 'voided' ledger entry naming who and why, it pays for
 * nothing more, and a bought card's e-mail to its recipient that has not left yet is withheld, so no one is sent
 * a code that no longer pays. An e-mail already being sent at this moment still goes (its code is dead by then).
 */
export async function voidCardLocked(tx: Transaction, card: AccountRow, refs: { actorId: string; note: string }, now: Date): Promise<AccountRow> {
  if (card.balancePaise > 0) await takeFromBalance(tx, card.id, card.balancePaise, 'voided', refs, now);
  const [voided] = await tx.update(balanceAccounts).set({ status: 'void', updatedAt: now }).where(eq(balanceAccounts.id, card.id)).returning();
  const unsent = tx.select({ id: giftCardSales.emailId }).from(giftCardSales).where(eq(giftCardSales.accountId, card.id));
  await tx
    .update(emailMessages)
    .set({ status: 'withheld', lastError: `Not sent: ${giftCardLabel(card.codeLastFour!)} was cancelled before its day`, updatedAt: now })
    .where(and(inArray(emailMessages.id, unsent), inArray(emailMessages.status, ['queued', 'failed'])));
  return voided!;
}
