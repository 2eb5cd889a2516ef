import { brand } from '../brand.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';
import { CheckoutPage } from '../features/checkout/checkout-page.tsx';
import type { Route } from './+types/checkout';

export function meta() {
  return [{ title: `Checkout | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { paymentSandbox: context.shop.payments.sandbox };
}

const SIGN_IN_TO_ORDER = { title: 'Please Log In', message: 'You need to be logged in to place an order.', action: 'Log In' };

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <RequireCustomer title="Checkout" prompt={SIGN_IN_TO_ORDER}>
      <CheckoutPage paymentSandbox={loaderData.paymentSandbox} />
    </RequireCustomer>
  );
}
