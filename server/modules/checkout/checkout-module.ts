import { CheckoutService, type CheckoutServiceDeps } from './checkout-service.ts';

/**
 * The checkout: pricing a basket on the server, holding its units and capped offers for CHECKOUT_HOLD_MINUTES
 * while the shopper pays, and turning what the provider reports into the order (through payments' fulfilment).
 * Its routes are the payment routes (payments module), which open and confirm a checkout.
 */
export function createCheckoutModule(deps: CheckoutServiceDeps) {
  return { checkout: new CheckoutService(deps) };
}

export type CheckoutModule = ReturnType<typeof createCheckoutModule>;
