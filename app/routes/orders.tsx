import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { OrderHistoryPage } from '../features/orders/order-history-page.tsx';

export function meta() {
  return [{ title: `Order History | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Orders() {
  return (
    <RequireCustomer title="Your orders">
      <OrderHistoryPage />
    </RequireCustomer>
  );
}
