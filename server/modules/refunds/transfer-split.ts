import { and, eq, ne } from 'drizzle-orm';
import { splitTransferRefund, type TransferRefundSplit } from '../../../domain/balances.ts';
import { cashDuePaise } from '../../../domain/cash-on-delivery.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import { offlineRefunds } from '../../db/schema/index.ts';
import { tendersOfOrder } from '../balances/tenders.ts';

/**
 * How a refund of `owedPaise` on a cash-on-delivery order splits between the shop's transfer and the order's gift
 * cards and store credit (domain/balances.ts `splitTransferRefund`, docs/decisions/0087). What is already spoken
 * for counts: the transfers recorded or waiting (their cash), the balances' parts given back (on the tenders) or
 * waiting with a transfer not yet recorded, so two returns and then a cancellation never promise one rupee twice.
 * The caller holds the order row, and withdraws the refunds the new one replaces before asking.
 */
export async function transferRefundSplit(tx: Transaction, order: { id: string; totalPaise: number; balancesPaise: number }, owedPaise: number): Promise<TransferRefundSplit> {
  if (order.balancesPaise === 0) return { transferPaise: owedPaise, balancesPaise: 0 };
  const [tenders, transfers] = await Promise.all([
    tendersOfOrder(tx, order.id),
    tx
      .select({ status: offlineRefunds.status, amountPaise: offlineRefunds.amountPaise, balancesPaise: offlineRefunds.balancesPaise })
      .from(offlineRefunds)
      .where(and(eq(offlineRefunds.orderId, order.id), ne(offlineRefunds.status, 'withdrawn'))),
  ]);
  const waiting = transfers.filter((transfer) => transfer.status === 'awaiting');
  return splitTransferRefund(owedPaise, {
    cashPaise: cashDuePaise(order),
    cashOutPaise: transfers.reduce((sum, transfer) => sum + transfer.amountPaise, 0),
    balancesPaise: tenders.reduce((sum, tender) => sum + tender.amountPaise, 0),
    // A recorded transfer's balances part is on the tenders already; a waiting one's is only promised.
    balancesOutPaise: tenders.reduce((sum, tender) => sum + tender.refundedPaise, 0) + waiting.reduce((sum, transfer) => sum + transfer.balancesPaise, 0),
  });
}
