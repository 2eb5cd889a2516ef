import { useParams } from 'react-router';
import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { OrderDetailPage } from '../features/orders/order-detail-page.tsx';

export function meta({ params }: { params: { orderId?: string } }) {
  return [{ title: `Order ${params.orderId ?? ''} | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function OrderDetail() {
  const { orderId } = useParams();
  return (
    <RequireCustomer title="Your order">
      <OrderDetailPage orderId={orderId} />
    </RequireCustomer>
  );
}
