import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmCodResponse } from '../../../contracts/cash-on-delivery.ts';
import { api } from '../../lib/api-client.ts';
import { announceOrderChange, ordersKey } from './order-queries.ts';

/**
 * Confirms a cash-on-delivery order: the signed-in owner from the order page (no token), or anyone holding the
 * e-mail's link (its token, sent without the customer's session so a shopper signed in as someone else can still
 * confirm their parent's order). The customer's orders are fetched again here and in the browser's other tabs at
 * once; pages on other devices hear of it from the 'Order Confirmed' notification on their live stream.
 */
export function useConfirmCod(orderId: string, linkToken?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ConfirmCodResponse>(`/orders/${encodeURIComponent(orderId)}/confirm-cod`, {
        method: 'POST',
        body: linkToken ? { token: linkToken } : {},
        ...(linkToken ? { token: null } : {}),
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ordersKey });
      announceOrderChange();
    },
  });
}
