import { Link } from 'react-router';
import type { Order } from '../../../contracts/orders.ts';
import { formatRupees } from './order-format.ts';

/** One line of an order as the customer sees it: picture, name (to its potion's page), size, quantity, price. */
export function OrderItemRow({ item }: { item: Order['items'][number] }) {
  return (
    <li className="flex items-center gap-3 py-3 text-sm">
      {item.image ? <img src={item.image} alt="" width={56} height={56} className="h-14 w-14 shrink-0 rounded-md border border-shadow object-cover" /> : null}
      <div className="min-w-0 flex-1">
        <Link to={`/products/${item.slug}`} className="text-mist hover:text-gold-bright">
          {item.name}
        </Link>
        <p className="text-xs text-ash">
          {item.size} · Qty {item.quantity} · {formatRupees(item.price)} each
        </p>
        {item.gift ? <p className="text-xs text-gold">Free gift</p> : null}
      </div>
      <p className="shrink-0">{formatRupees(item.lineTotal)}</p>
    </li>
  );
}
