import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { ConfirmCodPage } from '../features/orders/confirm-cod-page.tsx';

export function meta() {
  return [{ title: `Confirm Your Order | ${brand.name}` }, { name: 'robots', content: 'noindex' }, { name: 'referrer', content: 'no-referrer' }];
}

export default function ConfirmCod() {
  const [params] = useSearchParams();
  return <ConfirmCodPage order={params.get('order')} token={params.get('token')} />;
}
