import { Link } from 'react-router';
import { formatPaise } from '../../../domain/money.ts';
import { useCartStore, type CartItem } from './cart-store.ts';

const PROBLEM_TEXT = {
  'out-of-stock': 'Out of stock: remove it to check out',
  'insufficient-stock': 'Not enough in stock for this quantity',
  'unknown-size': 'This size is no longer sold',
  'unknown-product': 'This potion is no longer sold',
} as const;

export function CartLineItem({ item }: { item: CartItem }) {
  const updateQuantity = useCartStore((state) => state.updateQuantity);
  const removeItem = useCartStore((state) => state.removeItem);
  const closeCart = useCartStore((state) => state.closeCart);
  return (
    <li className="flex gap-3 border-b border-shadow py-4" data-testid="cart-line">
      <img src={item.image} alt="" width={64} height={80} className="h-20 w-16 shrink-0 rounded-md object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <Link to={`/products/${item.slug}`} onClick={closeCart} className="block truncate font-display text-mist hover:text-gold-bright">
              {item.name}
            </Link>
            <p className="text-xs text-ash">
              {item.size} · {formatPaise(item.unitPricePaise)} each
            </p>
          </div>
          <button
            type="button"
            onClick={() => removeItem(item.cartId)}
            className="rounded px-1 text-sm text-ash hover:text-blood"
            aria-label={`Remove ${item.name} ${item.size}`}
          >
            ✕
          </button>
        </div>
        {item.priceChanged ? (
          <p className="text-xs text-ember" role="status">
            Price updated to today’s price
          </p>
        ) : null}
        {item.problem ? (
          <p className="text-xs text-blood" role="status">
            {PROBLEM_TEXT[item.problem]}
          </p>
        ) : null}
        <div className="mt-1 flex items-center justify-between">
          <div className="inline-flex items-center rounded-md border border-shadow" role="group" aria-label={`Quantity of ${item.name} ${item.size}`}>
            <button type="button" className="h-8 w-8 text-gold-bright" onClick={() => updateQuantity(item.cartId, item.quantity - 1)} aria-label="Decrease quantity">
              −
            </button>
            <span className="w-8 text-center text-sm" data-testid="cart-line-quantity">
              {item.quantity}
            </span>
            <button type="button" className="h-8 w-8 text-gold-bright" onClick={() => updateQuantity(item.cartId, item.quantity + 1)} aria-label="Increase quantity">
              +
            </button>
          </div>
          <span className="font-display text-gold-bright" data-testid="cart-line-total">
            {formatPaise(item.unitPricePaise * item.quantity)}
          </span>
        </div>
      </div>
    </li>
  );
}
