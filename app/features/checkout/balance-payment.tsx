import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MyBalancesResponse } from '../../../contracts/balances.ts';
import { formatGiftCardCode, MAX_GIFT_CARDS_PER_CHECKOUT, normaliseGiftCardCode, planTenders } from '../../../domain/balances.ts';
import { formatRupees, rupeesToPaise } from '../../../domain/money.ts';
import { GIFT_CARD_CODE_MESSAGE } from '../../../contracts/balances.ts';
import { CheckboxField, TextField } from '../../components/form.tsx';
import { ApiRequestError, api } from '../../lib/api-client.ts';

/** A card the shopper added: its code as typed (sent with the payment order) and what the server said is on it. */
export interface AppliedCard {
  code: string;
  lastFour: string;
  balance: number;
}

export interface BalanceChoice {
  cards: AppliedCard[];
  useStoreCredit: boolean;
}

export const NO_BALANCES: BalanceChoice = { cards: [], useStoreCredit: false };

/** What the payment order is sent: the codes in the order added, and store credit when ticked. */
export function balancesOf(choice: BalanceChoice): { giftCardCodes?: string[]; useStoreCredit?: boolean } {
  return {
    ...(choice.cards.length ? { giftCardCodes: choice.cards.map((card) => card.code) } : {}),
    ...(choice.useStoreCredit ? { useStoreCredit: true } : {}),
  };
}

/**
 * What the balances pay of `total` and what is left to pay now, worked out as the server will (domain/balances.ts):
 * the cards in order, then store credit, leaving nothing or at least ₹1 for Razorpay.
 */
export function balanceSplit(total: number, choice: BalanceChoice, storeCredit: number) {
  const sources = [
    ...choice.cards.map((card, index) => ({ accountId: index + 1, availablePaise: rupeesToPaise(card.balance) })),
    ...(choice.useStoreCredit ? [{ accountId: 0, availablePaise: rupeesToPaise(storeCredit) }] : []),
  ];
  const plan = planTenders(rupeesToPaise(total), sources);
  return { balances: plan.balancesPaise / 100, toPay: plan.collectPaise / 100 };
}

export function useMyBalances(enabled: boolean) {
  return useQuery({ queryKey: ['my-balances'], queryFn: ({ signal }) => api<MyBalancesResponse>('/balances', { signal }), enabled, staleTime: 30_000 });
}

/**
 * On the Payment step, paying online or on delivery: gift card codes (each checked with the server as it is added, which
 * counts against the code-guessing limit) and the shopper's store credit. The bill does not change: they pay part
 * or all of its total, and the amount to pay now says what is left.
 */
export function BalancePayment({ value, onChange, storeCredit, disabled }: { value: BalanceChoice; onChange(next: BalanceChoice): void; storeCredit: number; disabled: boolean }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const code = normaliseGiftCardCode(typed);
    if (!code) return setProblem(GIFT_CARD_CODE_MESSAGE);
    if (value.cards.some((card) => card.code === code)) return setProblem('This gift card is already added');
    setChecking(true);
    try {
      const { giftCard } = await api<{ giftCard: { lastFour: string; balance: number; status: string; expiresAt: string } }>('/gift-cards/check', { method: 'POST', body: { code } });
      if (giftCard.status !== 'active') setProblem(giftCard.status === 'void' ? 'This gift card was cancelled' : 'This gift card has expired');
      else if (giftCard.balance <= 0) setProblem('This gift card has nothing left on it');
      else {
        onChange({ ...value, cards: [...value.cards, { code, lastFour: giftCard.lastFour, balance: giftCard.balance }] });
        setTyped('');
        setProblem(null);
      }
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.errors[0]?.message || error.message : 'The gift card could not be checked');
    } finally {
      setChecking(false);
    }
  };

  return (
    <fieldset className="w-full max-w-sm border-t border-shadow pt-4 text-left" data-testid="balance-payment">
      <legend className="sr-only">Gift cards and store credit</legend>
      {value.cards.length ? (
        <ul className="mb-3 flex flex-col gap-2 text-sm">
          {value.cards.map((card) => (
            <li key={card.code} className="flex items-center justify-between gap-3 rounded-md border border-shadow px-3 py-2">
              <span className="text-mist">
                Gift card ••••{card.lastFour} <span className="text-ash">· {formatRupees(card.balance)} on it</span>
              </span>
              <button type="button" className="text-ash underline hover:text-gold" disabled={disabled} onClick={() => onChange({ ...value, cards: value.cards.filter((other) => other.code !== card.code) })}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {value.cards.length < MAX_GIFT_CARDS_PER_CHECKOUT ? (
        <div className="flex items-start gap-2">
          <TextField
            label="Gift card code"
            fieldClassName="min-w-0 flex-1"
            placeholder="XXXX-XXXX-XXXX-XXXX"
            // 19 characters fit a phone's box beside Apply at this size.
            className="text-sm tracking-tight"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            error={problem ?? undefined}
            disabled={disabled || checking}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => {
              const code = normaliseGiftCardCode(typed);
              if (code) setTyped(formatGiftCardCode(code));
            }}
          />
          {/* Level with the box, below its label, whether or not a message shows under the box. */}
          <button type="button" className="btn-ghost mt-7 shrink-0" disabled={disabled || checking || !typed.trim()} onClick={() => void apply()}>
            {checking ? 'Checking…' : 'Apply'}
          </button>
        </div>
      ) : null}
      {storeCredit > 0 ? (
        <CheckboxField
          label={`Use my store credit (${formatRupees(storeCredit)})`}
          fieldClassName="mt-3 flex items-center gap-3 text-sm"
          className="h-5 w-5 shrink-0 accent-gold"
          checked={value.useStoreCredit}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, useStoreCredit: event.target.checked })}
        />
      ) : null}
    </fieldset>
  );
}
