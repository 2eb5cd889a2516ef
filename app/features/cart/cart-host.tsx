import { useEffect } from 'react';
import { CartDrawer } from './cart-drawer.tsx';
import { restoreCart } from './cart-store.ts';

/** Mounted once per page: restores the saved cart after hydration and holds the drawer. */
export function CartHost() {
  useEffect(() => {
    void restoreCart();
  }, []);
  return <CartDrawer />;
}
