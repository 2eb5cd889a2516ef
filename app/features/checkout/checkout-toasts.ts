import toast from '../../lib/toast.ts';

/**
 * The checkout's toasts share two slots, one per question the shopper asks: "is my address right?" (the step
 * slot) and "did my payment go through?" (the payment slot). A toast raised in a slot replaces the one there, so
 * 'Shipping information validated successfully!' never stands beside the validation error it answers, and a
 * successful retry never sits under 'Payment failed: …'.
 */
export const CHECKOUT_TOAST = { step: 'checkout-step', payment: 'checkout-payment' } as const;

/** Leaving a step, or reaching the success page, ends what the checkout's toasts were about. */
export function clearCheckoutToasts(slots: readonly (keyof typeof CHECKOUT_TOAST)[] = ['step', 'payment']): void {
  for (const slot of slots) toast.remove(CHECKOUT_TOAST[slot]);
}
