import { useQuery } from '@tanstack/react-query';
import type { MyBalancesResponse } from '../../../contracts/balances.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { api } from '../../lib/api-client.ts';

/** How each movement of store credit reads in the history. */
const REASONS: Record<string, string> = {
  granted: 'Credit from Deosil',
  checkout: 'Spent on an order',
  released: 'Back from a checkout not paid',
  refund: 'Refund of an order',
  voided: 'Cancelled',
  expired: 'Expired',
  issued: 'Issued',
};

/**
 * The customer's store credit: what is on it, spent at checkout like a gift card, and every movement with the
 * balance it left. Shown only once there is something to show.
 */
export function StoreCreditSection() {
  // The same key as the checkout's, so one answer serves both.
  const query = useQuery({ queryKey: ['my-balances'], queryFn: ({ signal }) => api<MyBalancesResponse>('/balances', { signal }), staleTime: 30_000 });
  const credit = query.data?.storeCredit;
  if (!credit || (credit.balance === 0 && credit.history.length === 0)) return null;
  return (
    <section className="panel p-5 sm:p-6" aria-labelledby="store-credit-title" data-testid="store-credit">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="store-credit-title" className="text-lg text-gold-bright">
          Store credit
        </h2>
        <p className="font-display text-2xl text-gold-bright">{formatRupees(credit.balance)}</p>
      </div>
      <p className="mt-1 text-sm text-ash">Spend it at checkout: tick “Use my store credit” on the Payment step. It does not expire.</p>
      <ul className="mt-4 flex flex-col divide-y divide-shadow text-sm">
        {credit.history.map((entry, index) => (
          <li key={`${entry.createdAt}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 flex-1">
              <span className="text-mist">{REASONS[entry.reason] ?? entry.reason}</span>
              {entry.note ? <span className="block break-words text-xs text-ash">{entry.note}</span> : null}
              <span className="block text-xs text-ash">{formatShopDate(entry.createdAt)}</span>
            </span>
            <span className={entry.amount > 0 ? 'text-gold' : 'text-mist'}>
              {entry.amount > 0 ? '+' : '−'}
              {formatRupees(Math.abs(entry.amount))}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
