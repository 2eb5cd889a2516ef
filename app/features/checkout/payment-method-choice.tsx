import type { ReactNode } from 'react';
import type { CodEligibilityResponse } from '../../../contracts/cash-on-delivery.ts';
import { formatRupees } from '../../../domain/money.ts';

export type PaymentMethod = 'online' | 'cod';

interface Props {
  value: PaymentMethod;
  onChange(method: PaymentMethod): void;
  /** The server's answer for this basket and address; undefined while it is asked. */
  eligibility: CodEligibilityResponse | undefined;
  checking: boolean;
  failed: boolean;
  disabled: boolean;
}

/**
 * The Payment step's choice: pay online, or cash on delivery when the server offers it for this basket and PIN.
 * When it does not, the option stays visible but disabled with the server's reason under it, so the shopper
 * knows why (a PIN the couriers take no cash at, an order above the limit).
 */
export function PaymentMethodChoice({ value, onChange, eligibility, checking, failed, disabled }: Props) {
  const codAvailable = Boolean(eligibility?.available);
  const codNote = checking
    ? 'Checking whether cash on delivery reaches your address…'
    : failed
      ? 'Could not check cash on delivery just now. You can pay online.'
      : eligibility && !eligibility.available
        ? (eligibility.reason ?? 'Cash on delivery is not available for this order.')
        : eligibility && eligibility.codFee > 0
          ? `Pay the courier in cash when your potion arrives. A Cash on Delivery fee of ${formatRupees(eligibility.codFee)} applies.`
          : 'Pay the courier in cash when your potion arrives.';
  return (
    <fieldset className="w-full" disabled={disabled}>
      <legend className="mb-3 text-sm tracking-widest text-ash uppercase">How would you like to pay?</legend>
      <div className="grid gap-3">
        <Option name="online" checked={value === 'online'} onChange={() => onChange('online')} title="Pay online (cards, UPI, netbanking)" note="Pay securely now by card, UPI, net banking or wallet." />
        <Option
          name="cod"
          checked={value === 'cod'}
          onChange={() => onChange('cod')}
          unavailable={!codAvailable}
          title="Cash on delivery"
          note={<span className={!codAvailable && !checking ? 'text-ember' : undefined} data-testid="cod-note">{codNote}</span>}
        />
      </div>
    </fieldset>
  );
}

function Option({ name, checked, onChange, unavailable = false, title, note }: { name: PaymentMethod; checked: boolean; onChange(): void; unavailable?: boolean; title: string; note: ReactNode }) {
  const id = `payment-method-${name}`;
  return (
    <label
      htmlFor={id}
      className={`flex items-start gap-3 rounded-lg border p-4 text-left transition ${
        unavailable ? 'cursor-not-allowed border-shadow opacity-70' : checked ? 'cursor-pointer border-gold bg-gold/10 ring-1 ring-gold/40' : 'cursor-pointer border-shadow hover:border-gold/50'
      }`}
    >
      <input id={id} type="radio" name="payment-method" value={name} checked={checked} disabled={unavailable} onChange={onChange} aria-describedby={`${id}-note`} className="mt-1 h-4 w-4 shrink-0 accent-gold" />
      <span className="min-w-0">
        <span className={`block font-display ${checked ? 'text-gold-bright' : 'text-mist'}`}>{title}</span>
        <span id={`${id}-note`} className="mt-0.5 block text-sm text-ash">
          {note}
        </span>
      </span>
    </label>
  );
}
