import { useParams } from 'react-router';
import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { OrdersTrackPage } from '../features/orders/orders-track-page.tsx';

export function meta() {
  return [{ title: `My Orders | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function OrdersTrack() {
  const { orderId } = useParams();
  return (
    <RequireCustomer>
      <OrdersTrackPage orderId={orderId} />
    </RequireCustomer>
  );
}
