import { useQuery } from '@tanstack/react-query';
import type { CodEligibilityResponse } from '../../../contracts/cash-on-delivery.ts';
import type { CreatePaymentOrderBody } from '../../../contracts/payments.ts';
import { api } from '../../lib/api-client.ts';

export const codEligibilityKey = ['checkout-cod-eligibility'] as const;

/**
 * Whether this basket, to this address, may be paid on delivery, with the fee and the total the shopper would pay
 * at the door: the server's answer, asked again whenever the basket, the coupon or the address changes, and when
 * the shopper returns to the tab (the account may have changed elsewhere).
 */
export function useCodEligibility(body: CreatePaymentOrderBody, enabled: boolean) {
  return useQuery({
    queryKey: [...codEligibilityKey, body],
    queryFn: ({ signal }) => api<CodEligibilityResponse>('/payments/cod/eligibility', { method: 'POST', body, signal }),
    enabled: enabled && body.items.length > 0,
    staleTime: 0,
    // Coming back to the tab asks again: the shopper may have verified their e-mail in another tab meanwhile.
    refetchOnWindowFocus: 'always',
    retry: false,
  });
}
