import { sandboxPayResponseSchema, type SandboxPayResponse } from '../../../contracts/payments.ts';
import { useAuth } from '../account/index.ts';

/**
 * Asks the built-in sandbox provider to settle a payment order. Read with fetch rather than the API client,
 * because a declined sandbox payment answers `success: false` with Razorpay's error object, which is the outcome
 * to show and not a failed request.
 */
export async function sandboxPay(razorpayOrderId: string, outcome: 'success' | 'failure'): Promise<SandboxPayResponse> {
  const token = useAuth.getState().token;
  const response = await fetch('/api/payments/sandbox/pay', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ razorpay_order_id: razorpayOrderId, outcome }),
  });
  const payload: unknown = await response.json().catch(() => null);
  const parsed = sandboxPayResponseSchema.safeParse(payload);
  if (!parsed.success) {
    const message = (payload as { message?: unknown } | null)?.message;
    throw new Error(typeof message === 'string' ? message : `The test payment could not be completed (HTTP ${response.status}).`);
  }
  return parsed.data;
}
