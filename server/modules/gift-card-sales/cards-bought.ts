import { asc, eq } from 'drizzle-orm';
import { balanceAccounts, giftCardSales } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';

/** A card bought with an order as its buyer's e-mails show it: never the code, only its last four once issued. */
export interface CardBought {
  amountPaise: number;
  recipientName: string;
  /** The shop day its recipient's e-mail goes, YYYY-MM-DD. */
  deliverOn: string;
  lastFour: string | null;
}

/**
 * The cards an order bought, in the order they were chosen. The payment's hook issues them (and names the order on
 * each sale) before the order's confirmation is written, in the same transaction, so their last four are known.
 */
export async function cardsBoughtWith(tx: Pick<Transaction, 'select'>, orderId: string): Promise<CardBought[]> {
  return tx
    .select({ amountPaise: giftCardSales.amountPaise, recipientName: giftCardSales.recipientName, deliverOn: giftCardSales.deliverOn, lastFour: balanceAccounts.codeLastFour })
    .from(giftCardSales)
    .leftJoin(balanceAccounts, eq(balanceAccounts.id, giftCardSales.accountId))
    .where(eq(giftCardSales.orderId, orderId))
    .orderBy(asc(giftCardSales.position));
}
