/** The checkout feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { clearCheckoutToasts } from './checkout-toasts.ts';
export { TestPaymentMarker } from './test-payment-marker.tsx';
