import type { PaymentConfirmation } from '../../../contracts/payments.ts';

/** What can come back from a payment window, Razorpay's or the sandbox's: one set of handlers for both. */
export interface PaymentOutcome {
  paid(confirmation: PaymentConfirmation): void;
  /** `ended`: the payment window has closed (the sandbox); Razorpay stays open for another try. */
  failed(description: string, options: { ended: boolean }): void;
  dismissed(): void;
}
