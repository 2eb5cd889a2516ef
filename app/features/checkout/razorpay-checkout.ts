/**
 * Razorpay Checkout in the browser. The script is fetched from Razorpay only when the customer pays (never on
 * other pages), once per page life; a failed load can be retried by paying again.
 */
import type { CreatePaymentOrderResponse, PaymentConfirmation } from '../../../contracts/payments.ts';
import type { PaymentOutcome } from './payment-outcome.ts';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SCRIPT_LOAD_ERROR = 'Failed to load Razorpay script. Please check your internet connection.';

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', handler: (response: { error: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

export function loadRazorpay(): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error(SCRIPT_LOAD_ERROR)));
    script.onerror = () => {
      script.remove();
      reject(new Error(SCRIPT_LOAD_ERROR));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export interface Payer {
  name: string;
  email: string;
  phone: string;
}

/** Razorpay Checkout's options: the shop's name, purple theme, prefilled payer, no EMI, the server's offers. */
export function razorpayOptions(order: CreatePaymentOrderResponse, payer: Payer, outcome: PaymentOutcome): Record<string, unknown> {
  return {
    key: order.key,
    amount: order.razorpayOrder.amount,
    currency: order.razorpayOrder.currency,
    order_id: order.razorpayOrder.id,
    name: 'Deosil Perfumes',
    description: 'Handcrafted mystical perfumes',
    prefill: { name: payer.name, email: payer.email, contact: payer.phone },
    theme: { color: '#7c3aed' },
    // EMI is not offered: hidden from the method list and switched off.
    method: { emi: false },
    config: { display: { hide: [{ method: 'emi' }], preferences: { show_default_blocks: true } } },
    ...(order.activeOffers.length ? { offers: order.activeOffers } : {}),
    handler: (response: PaymentConfirmation) => outcome.paid(response),
    modal: { ondismiss: () => outcome.dismissed(), confirm_close: false },
  };
}

/** Opens Razorpay's modal for a payment order the server created; the outcome handlers are the sandbox's too. */
export async function openRazorpay(order: CreatePaymentOrderResponse, payer: Payer, outcome: PaymentOutcome): Promise<void> {
  const Razorpay = await loadRazorpay();
  const checkout = new Razorpay(razorpayOptions(order, payer, outcome));
  // Razorpay keeps its modal open after a failed attempt so the payer can try again; dismissing ends the attempt.
  checkout.on('payment.failed', (response) => outcome.failed(response.error.description ?? 'Payment failed', { ended: false }));
  checkout.open();
}
