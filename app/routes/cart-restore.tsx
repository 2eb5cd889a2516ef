import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { RestoreCartPage } from '../features/cart/restore-cart-page.tsx';

export function meta() {
  // The address carries the link's key until the page takes it out: no referrer, no index.
  return [{ title: `Your Cart | ${brand.name}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

export default function CartRestore() {
  const [params] = useSearchParams();
  return <RestoreCartPage token={params.get('token') ?? ''} />;
}
