import { lazy, Suspense, useEffect, useState } from 'react';
import { restoreCart, useCartStore } from './cart-store.ts';
import { useKeptCart } from './kept-cart.ts';

// The drawer is not needed until the cart is first opened, so its code is not part of the first download
// (docs/decisions/0011); the cart button starts loading it as the pointer or focus reaches it.
export const loadCartDrawer = () => import('./cart-drawer.tsx');
const CartDrawer = lazy(() => loadCartDrawer().then((module) => ({ default: module.CartDrawer })));

/**
 * Mounted once per page: restores the saved cart after hydration, keeps a signed-in shopper's cart on the server,
 * and holds the drawer once it has been opened.
 */
export function CartHost() {
  const isOpen = useCartStore((state) => state.isOpen);
  const [opened, setOpened] = useState(false);
  if (isOpen && !opened) setOpened(true);
  useKeptCart();

  useEffect(() => {
    void restoreCart();
  }, []);
  return opened ? (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  ) : null;
}
