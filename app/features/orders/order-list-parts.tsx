import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DefinitionTip } from '../../components/definition-tip.tsx';
import type { Order } from '../../../contracts/orders.ts';

/** Up to three item thumbnails with name and quantity, then '+N more'. */
export function ItemThumbnails({ order, limit = 3 }: { order: Order; limit?: number }) {
  const shown = order.items.slice(0, limit);
  const more = order.items.length - shown.length;
  return (
    <ul className="flex flex-wrap items-center gap-3">
      {shown.map((item) => (
        <li key={item.id} className="flex min-w-0 items-center gap-2">
          {item.image ? (
            <img src={item.image} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded-md border border-shadow object-cover" />
          ) : (
            <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-shadow text-gold">
              ⚗
            </span>
          )}
          <span className="min-w-0 text-xs">
            <span className="block max-w-[8rem] truncate text-mist">{item.name}</span>
            <span className="text-ash">× {item.quantity}</span>
          </span>
        </li>
      ))}
      {more > 0 ? <li className="text-xs text-orchid">+{more} more</li> : null}
    </ul>
  );
}

/** A figure with its label; `definition` puts what it counts in a tooltip beside the label. */
export function StatCard({ label, value, accent = 'text-gold-bright', definition }: { label: string; value: ReactNode; accent?: string; definition?: string }) {
  return (
    <div className="panel relative p-4">
      <p className="flex items-center gap-1.5 text-xs tracking-widest text-ash uppercase">
        {label}
        {definition ? <DefinitionTip label={label} definition={definition} /> : null}
      </p>
      <p className={`mt-1 font-display text-xl sm:text-2xl ${accent}`}>{value}</p>
    </div>
  );
}

export function ListLoading({ title, detail }: { title: string; detail?: string }) {
  return (
    <div role="status" className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-2 border-shadow border-t-gold" />
      <p className="font-display text-gold-bright">{title}</p>
      {detail ? <p className="text-sm text-ash">{detail}</p> : null}
    </div>
  );
}

export function ListError({ onRetry }: { onRetry(): void }) {
  return (
    <div role="alert" className="panel flex flex-col items-center gap-3 p-8 text-center">
      <p className="font-display text-gold-bright">Your orders could not be loaded</p>
      <p className="text-sm text-ash">Please check your connection and try again.</p>
      <button type="button" className="btn-ghost" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}

export function EmptyOrders({ filtered, onClear, filteredTitle, filteredText, emptyTitle, emptyText, emptyAction }: {
  filtered: boolean;
  onClear?: () => void;
  filteredTitle: string;
  filteredText?: string;
  emptyTitle: string;
  emptyText: string;
  emptyAction: string;
}) {
  return (
    <div className="panel flex flex-col items-center gap-3 p-10 text-center">
      <span aria-hidden="true" className="text-4xl text-gold">
        ☾
      </span>
      <p className="font-display text-lg text-gold-bright">{filtered ? filteredTitle : emptyTitle}</p>
      <p className="text-sm text-ash">{filtered ? filteredText : emptyText}</p>
      {filtered ? (
        onClear ? (
          <button type="button" className="btn-ghost" onClick={onClear}>
            Clear Filters
          </button>
        ) : null
      ) : (
        <Link to="/products" className="btn-gold">
          {emptyAction}
        </Link>
      )}
    </div>
  );
}
