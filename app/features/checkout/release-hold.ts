import type { ReleaseHoldBody, ReleaseHoldResponse } from '../../../contracts/payments.ts';
import { api } from '../../lib/api-client.ts';

/**
 * The shopper closed the payment window: the units the checkout set aside for them go back on the shelf now,
 * not when the hold runs out. Nothing waits on it and a failure is harmless: the hold then simply expires.
 */
export function releaseHold(razorpayOrderId: string): void {
  const body: ReleaseHoldBody = { razorpay_order_id: razorpayOrderId };
  api<ReleaseHoldResponse>('/payments/razorpay/release-hold', { method: 'POST', body }).catch(() => undefined);
}
