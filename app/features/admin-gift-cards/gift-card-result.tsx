import type { AdminGiftCard } from '../../../contracts/balances.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { ReasonedAction, useAdminSession, useCan } from '../admin/index.ts';
import { CardRefundForm } from '../admin-orders/index.ts';
import { useOrderGiftCards } from '../gift-cards/index.ts';
import { useVoidCard } from './use-gift-cards-admin.ts';

/** How each ledger movement reads to staff. */
const ENTRY_LABELS: Record<string, string> = {
  issued: 'Issued',
  granted: 'Granted',
  checkout: 'Spent at checkout',
  released: 'Back from a checkout not paid',
  refund: 'Back from an order refunded',
  voided: 'Cancelled',
  expired: 'Expired',
};

const STATUS_STYLES: Record<AdminGiftCard['status'], string> = {
  active: 'bg-emerald-300 text-void',
  void: 'bg-blood/30 text-blood',
  expired: 'bg-shadow text-ash',
};

const STATUS_LABELS: Record<AdminGiftCard['status'], string> = { active: 'ACTIVE', void: 'CANCELLED', expired: 'EXPIRED' };

/** The order that bought a card: its first ledger entry (the issue) names it; a card issued by hand has none. */
export function boughtWith(card: AdminGiftCard): string | null {
  return card.history.find((entry) => entry.reason === 'issued')?.orderId ?? null;
}

/** Cancelling a card: the reason first, then one press; whatever was left on it is taken off. */
function VoidCardForm({ card }: { card: AdminGiftCard }) {
  const voiding = useVoidCard(card);
  return (
    <ReasonedAction
      openLabel="Void card"
      openClassName="btn-ghost px-3 py-1.5 text-xs"
      title={`Void the card ending ${card.lastFour}`}
      warning={`Cancel the card ending ${card.lastFour}: ${card.balance > 0 ? `the ${formatRupees(card.balance)} left on it is lost and ` : ''}it pays for nothing more. This cannot be undone.`}
      confirmLabel="Cancel the card"
      pendingLabel="Cancelling..."
      step={{ isPending: voiding.isPending, error: voiding.error, run: (reason, done) => voiding.mutate(reason, { onSuccess: done }) }}
      className="w-full text-sm"
    />
  );
}

/** "Refund card" for a card a shopper bought (decision 0088), through the order view's own form, fed the order's card. */
function BoughtCardRefund({ card, orderId }: { card: AdminGiftCard; orderId: string }) {
  const token = useAdminSession((state) => state.token);
  const bought = useOrderGiftCards(orderId, token).data?.find((entry) => entry.cardId === card.id);
  return bought ? <CardRefundForm orderId={orderId} card={bought} /> : null;
}

/** One card found: its figures, who it is for, what staff may do with it, and its ledger (the audit trail). */
export function GiftCardResult({ card }: { card: AdminGiftCard }) {
  const can = useCan();
  const orderId = boughtWith(card);
  const voidable = card.status === 'active' && can('balances.manage');
  // Only a card not spent at all is refunded (decision 0088); the server says so too, but no button that must fail.
  const refundable = card.status === 'active' && orderId !== null && can('orders.refund') && card.balance === card.initial;
  return (
    <li className="panel overflow-hidden" data-testid="admin-gift-card" aria-label={`Card ending ${card.lastFour}`}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-shadow px-4 py-3">
        <strong className="font-display tracking-wider text-gold-bright">•••• {card.lastFour}</strong>
        <span className={`rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_STYLES[card.status]}`}>{STATUS_LABELS[card.status]}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 py-3 text-sm">
        <dt className="text-ash">Balance</dt>
        <dd>
          {formatRupees(card.balance)} <span className="text-ash">of {formatRupees(card.initial)}</span>
        </dd>
        <dt className="text-ash">Expires</dt>
        <dd>{formatShopDate(card.expiresAt)}</dd>
        <dt className="text-ash">Recipient</dt>
        <dd className="min-w-0 break-words">
          {card.recipientName ?? '—'}
          {card.recipientEmail ? <span className="block break-all text-ash">{card.recipientEmail}</span> : null}
        </dd>
        <dt className="text-ash">Issued</dt>
        <dd>
          {formatShopDate(card.createdAt)} · {orderId ? 'bought by a shopper' : 'by hand'}
        </dd>
        {card.note ? (
          <>
            <dt className="text-ash">Note</dt>
            <dd className="min-w-0 break-words">{card.note}</dd>
          </>
        ) : null}
      </dl>
      {voidable || refundable ? (
        <div className="flex flex-wrap items-start gap-2 border-t border-shadow px-4 py-3">
          {voidable ? <VoidCardForm card={card} /> : null}
          {refundable ? <BoughtCardRefund card={card} orderId={orderId} /> : null}
        </div>
      ) : null}
      <section className="border-t border-shadow px-4 py-3 text-sm" aria-label={`Ledger of the card ending ${card.lastFour}`}>
        <h3 className="text-gold">Ledger</h3>
        {card.history.length === 0 ? <p className="mt-1 text-ash">No movements.</p> : null}
        <ul className="mt-1 flex flex-col divide-y divide-shadow">
          {card.history.map((entry, index) => (
            <li key={`${entry.createdAt}-${index}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2" data-testid="gift-card-entry">
              <span className="min-w-0 flex-1">
                <span className="text-mist">{ENTRY_LABELS[entry.reason] ?? entry.reason}</span>
                {entry.note ? <span className="block break-words text-xs text-ash">{entry.note}</span> : null}
                <span className="block text-xs text-ash">{formatShopDate(entry.createdAt, 'dateTime')}</span>
              </span>
              <span className="text-right">
                <span className={`block ${entry.amount > 0 ? 'text-gold' : 'text-mist'}`}>
                  {entry.amount > 0 ? '+' : '−'}
                  {formatRupees(Math.abs(entry.amount))}
                </span>
                <span className="block text-xs text-ash">leaves {formatRupees(entry.balanceAfter)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
}
