import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminGiftCard, IssueGiftCardBody } from '../../../contracts/balances.ts';
import { formatRupees } from '../../../domain/money.ts';
import toast from '../../lib/toast.ts';
import { adminApi, adminKeys } from '../admin/index.ts';

const AREA = 'gift-cards';

/**
 * What the search box asks for: four letters and digits are a card's last four (several cards may share them),
 * anything longer is a whole code. Spaces and dashes are how codes are printed and read out, so they are dropped.
 */
export function lookupQuery(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toUpperCase();
  if (!compact) return null;
  return compact.length === 4 ? `lastFour=${encodeURIComponent(compact)}` : `code=${encodeURIComponent(compact)}`;
}

/** The cards matching the last search, with their ledgers; nothing is asked before a search. */
export function useCardLookup(query: string | null) {
  return useQuery({
    queryKey: adminKeys.list(AREA, query ?? ''),
    queryFn: ({ signal }) => adminApi<{ giftCards: AdminGiftCard[] }>(`/admin/gift-cards?${query}`, { signal }).then((answer) => answer.giftCards),
    enabled: query !== null,
    retry: false,
  });
}

/** Issues a card by hand; the answer carries the whole code, the only time the back office sees it. */
export function useIssueCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueGiftCardBody) => adminApi<{ giftCard: AdminGiftCard; code: string }>('/admin/gift-cards', { method: 'POST', body }),
    onSuccess: ({ giftCard }) => {
      toast.success(`Gift card of ${formatRupees(giftCard.initial)} issued to ${giftCard.recipientName ?? 'the recipient'}`);
      void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    },
  });
}

/** Cancels a card with the reason; what was left on it goes, and the lookup shows it void with the ledger entry. */
export function useVoidCard(card: AdminGiftCard) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => adminApi<{ giftCard: AdminGiftCard }>(`/admin/gift-cards/${card.id}/void`, { method: 'POST', body: { reason } }),
    onSuccess: () => {
      toast.success(`The card ending ${card.lastFour} is cancelled`);
      void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    },
  });
}

/** Goodwill store credit to a customer by their e-mail; the answer is their new balance. */
export function useGrantCredit() {
  return useMutation({
    mutationFn: (body: { email: string; amount: number; reason: string }) => adminApi<{ balance: number }>('/admin/store-credit', { method: 'POST', body }),
    onSuccess: ({ balance }, { email }) => toast.success(`Store credit granted: ${email} now has ${formatRupees(balance)}`),
  });
}
