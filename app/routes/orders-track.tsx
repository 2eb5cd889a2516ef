import { useParams } from 'react-router';
import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { OrdersTrackPage } from '../features/orders/orders-track-page.tsx';

export function meta() {
  return [{ title: `My Orders | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

const SIGN_IN_TO_TRACK = { title: 'Please Log In', message: 'Log in to follow your orders.', action: 'Go to Login' };

export default function OrdersTrack() {
  const { orderId } = useParams();
  return (
    <RequireCustomer title="Track your order" prompt={SIGN_IN_TO_TRACK}>
      <OrdersTrackPage orderId={orderId} />
    </RequireCustomer>
  );
}
