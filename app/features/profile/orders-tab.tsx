import { Link } from 'react-router';
import type { ProfileOrder } from '../../../contracts/profile.ts';
import { formatRupees } from '../../../domain/money.ts';
import { statusInfo } from '../../../domain/orders.ts';
import { useProfileOrders } from './profile-queries.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';


export function EmptyOrders() {
  return (
    <div className="panel flex flex-col items-center gap-3 p-8 text-center">
      <span aria-hidden="true" className="text-4xl text-gold">
        ⚗
      </span>
      <h3 className="text-lg text-gold-bright">No orders yet</h3>
      <p className="text-ash">Start exploring our mystical collection!</p>
      <Link to="/products" className="btn-gold mt-2">
        Browse Products
      </Link>
    </div>
  );
}

function OrderRow({ order }: { order: ProfileOrder }) {
  const status = statusInfo(order.status);
  const names = order.items.map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name)).join(', ');
  return (
    <li>
      <Link to={`/orders/${encodeURIComponent(order.orderNumber)}`} className="panel flex flex-col gap-2 p-4 transition hover:border-gold/40 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-display text-mist">{order.orderNumber}</p>
          <p className="text-xs text-ash">
            {formatShopDate(order.date)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
          </p>
          {names ? <p className="mt-1 truncate text-sm text-ash">{names}</p> : null}
        </div>
        <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
          <span className={`rounded-full px-2.5 py-0.5 text-xs ${order.status === 'cancelled' ? 'bg-blood/15 text-blood' : 'bg-amethyst/20 text-orchid'}`}>{status.label}</span>
          <span className="font-display text-gold-bright">{formatRupees(order.total)}</span>
        </div>
      </Link>
    </li>
  );
}

/** The latest orders, with 'View All Orders' when there are more than shown. */
export function OrderList({ userId }: { userId: string }) {
  const query = useProfileOrders(userId);
  if (query.isPending) return <p role="status" className="text-ash">Loading your orders...</p>;
  if (query.isError) {
    return (
      <div role="alert" className="panel p-6 text-center">
        <p className="text-blood">Your orders could not be loaded.</p>
        <button type="button" className="btn-ghost mt-3" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const { orders, total, standing } = query.data;
  if (orders.length === 0) return <EmptyOrders />;
  return (
    <div>
      <ul className="grid gap-3">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
      {total > orders.length ? (
        <div className="mt-4 text-center">
          <Link to="/orders" className="btn-ghost">
            View All Orders ({standing})
          </Link>
        </div>
      ) : null}
    </div>
  );
}
