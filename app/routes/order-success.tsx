import { useParams } from 'react-router';
import { brand } from '../brand.ts';
import { OrderSuccessPage } from '../features/orders/order-success-page.tsx';

export function meta() {
  return [{ title: `Order Placed | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

/** Public by the route table; the order itself is shown only to its owner's session. */
export default function OrderSuccess() {
  const { orderId } = useParams();
  return <OrderSuccessPage orderId={orderId} />;
}
