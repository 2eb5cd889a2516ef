import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';

export function meta() {
  return [{ title: `Checkout | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

const SIGN_IN_TO_ORDER = { title: 'Please Log In', message: 'You need to be logged in to place an order.', action: 'Log In' };

export default function Checkout() {
  return (
    <RequireCustomer title="Checkout" prompt={SIGN_IN_TO_ORDER}>
      <CheckoutPage />
    </RequireCustomer>
  );
}
