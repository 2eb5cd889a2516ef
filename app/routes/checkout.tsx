import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';

export function meta() {
  return [{ title: `Checkout | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Checkout() {
  return (
    <RequireCustomer>
      <CheckoutPage />
    </RequireCustomer>
  );
}
