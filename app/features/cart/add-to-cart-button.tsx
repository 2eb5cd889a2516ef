import { useEffect, useRef, useState } from 'react';
import type { Product } from '../../../contracts/products.ts';
import { loadCartDrawer } from './cart-host.tsx';
import { useCartStore } from './cart-store.ts';

/** How long 'Added!' shows on a catalogue card, and how long after adding the drawer opens (spec timings). */
export const ADDED_LABEL_MS = 2000;
export const OPEN_DRAWER_AFTER_MS = 800;

type AddableProduct = Pick<Product, 'id' | 'slug' | 'name' | 'mainImage' | 'price' | 'sizes' | 'inStock'>;

/**
 * Adds a potion to the cart, then opens the drawer 0.8 s later. On catalogue cards it reads 'Added!' for 2 s;
 * out of stock it is disabled and says so.
 */
export function AddToCartButton({
  product,
  size,
  quantity = 1,
  variant,
}: {
  product: AddableProduct;
  size?: string;
  quantity?: number;
  variant: 'card' | 'page';
}) {
  const [added, setAdded] = useState(false);
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  const subject = size ? `${product.name}, ${size}` : product.name;
  // WCAG 2.5.3 Label in Name: the name starts with the words on the button, so "click Add to cart" finds it.
  const label = `Add to cart: ${subject}`;

  if (!product.inStock) {
    return (
      <button type="button" disabled className={`btn-gold ${variant === 'card' ? 'w-full' : 'w-full sm:w-auto'}`}>
        Out of Stock
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`btn-gold ${variant === 'card' ? 'w-full' : 'w-full sm:w-auto sm:px-10'}`}
      // The name says which potion (and size) the button adds, and starts with the words on the button, so a
      // speech user saying "click Add to cart" finds it; while 'Added!' shows, the name stays the same.
      aria-label={label}
      onClick={() => {
        // The store's actions never change, so they are read when clicked: a catalogue of many cards subscribes
        // to nothing while it hydrates.
        const { addItem, openCart } = useCartStore.getState();
        addItem(product, { size, quantity });
        void loadCartDrawer();
        if (variant === 'card') {
          setAdded(true);
          timers.current.push(window.setTimeout(() => setAdded(false), ADDED_LABEL_MS));
        }
        timers.current.push(window.setTimeout(openCart, OPEN_DRAWER_AFTER_MS));
      }}
    >
      {added ? (
        'Added!'
      ) : (
        <span className="uppercase">Add to cart</span>
      )}
    </button>
  );
}
