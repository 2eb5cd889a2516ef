import { Link } from 'react-router';
import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';

export function meta() {
  return [{ title: `Your Orders | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

/** /orders, /orders/track, /orders/:orderId and /checkout: guarded now, filled in by the orders and checkout screens. */
export default function MembersOnly() {
  return (
    <RequireCustomer>
      <section className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl text-gold-bright">No orders yet</h1>
        <p className="text-ash">Start exploring our mystical collection!</p>
        <Link to="/products" className="btn-gold">
          Browse Products
        </Link>
      </section>
    </RequireCustomer>
  );
}
