import { useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '../../components/form.tsx';
import { GiftMessageField, GiftRecipientEmailField, GiftRecipientField } from '../../components/gift-fields.tsx';
import { formatRupees } from '../../../domain/money.ts';
import { normaliseGiftMessage } from '../../../domain/gifts.ts';
import { isValidEmail } from '../../../domain/accounts.ts';
import { shopDate } from '../../../domain/orders.ts';
import {
  deliveryDayProblem,
  GIFT_CARD_FIXED_AMOUNTS,
  GIFT_CARD_MAX_RUPEES,
  GIFT_CARD_MIN_RUPEES,
  giftCardMessageProblem,
  giftCardPurchaseAmountProblem,
  giftCardRecipientProblem,
} from '../../../domain/gift-card-sale.ts';
import toast from '../../lib/toast.ts';
import { useCartStore } from '../cart/index.ts';

type Field = 'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn';
type Errors = Partial<Record<Field, string>>;

interface Draft {
  /** A button's amount, or 'other' for one typed. */
  preset: number | 'other';
  other: string;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

function amountOf(draft: Draft): number {
  return draft.preset === 'other' ? Number(draft.other.trim() === '' ? Number.NaN : draft.other) : draft.preset;
}

/** The server's own rules (domain/gift-card-sale.ts), so the buyer hears them before the cart. */
function problemsOf(draft: Draft, now: Date): Errors {
  const errors: Errors = {};
  const amount = amountOf(draft);
  const amountProblem = Number.isFinite(amount)
    ? giftCardPurchaseAmountProblem(amount)
    : `Type an amount from ${formatRupees(GIFT_CARD_MIN_RUPEES)} to ${formatRupees(GIFT_CARD_MAX_RUPEES)}`;
  if (amountProblem) errors.amount = amountProblem;
  const name = giftCardRecipientProblem(draft.recipientName);
  if (name) errors.recipientName = name;
  if (!isValidEmail(draft.recipientEmail)) errors.recipientEmail = "Type the recipient's e-mail address";
  const message = giftCardMessageProblem(normaliseGiftMessage(draft.message));
  if (message) errors.message = message;
  const day = deliveryDayProblem(draft.deliverOn, now);
  if (day) errors.deliverOn = day;
  return errors;
}

/**
 * Choose a gift card: an amount on a button or typed (₹500–₹10,000), who it is for, a message and the day it
 * arrives by e-mail. It goes into the cart beside the potions and is paid online with them.
 */
export function GiftCardForm() {
  const addGiftCard = useCartStore((state) => state.addGiftCard);
  const openCart = useCartStore((state) => state.openCart);
  const today = shopDate(new Date());
  const [draft, setDraft] = useState<Draft>({ preset: 2000, other: '', recipientName: '', recipientEmail: '', message: '', deliverOn: today });
  const [errors, setErrors] = useState<Errors>({});
  const change = (next: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setErrors({});
  };

  const add = () => {
    const found = problemsOf(draft, new Date());
    setErrors(found);
    if (Object.keys(found).length) return;
    addGiftCard({
      amount: amountOf(draft),
      recipientName: draft.recipientName.trim(),
      recipientEmail: draft.recipientEmail.trim().toLowerCase(),
      message: normaliseGiftMessage(draft.message),
      deliverOn: draft.deliverOn,
    });
    toast.success(`A ${formatRupees(amountOf(draft))} gift card for ${draft.recipientName.trim()} is in your cart`);
    setDraft({ preset: draft.preset, other: draft.other, recipientName: '', recipientEmail: '', message: '', deliverOn: today });
    openCart();
  };

  return (
    <form
      className="panel grid gap-5 p-4 sm:p-6"
      noValidate
      data-testid="gift-card-form"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <fieldset>
        <legend className="mb-2 text-sm tracking-wide text-gold-bright">Amount</legend>
        <div className="flex flex-wrap gap-2">
          {GIFT_CARD_FIXED_AMOUNTS.map((amount) => (
            <button
              key={amount}
              type="button"
              aria-pressed={draft.preset === amount}
              className={draft.preset === amount ? 'btn-gold' : 'btn-ghost'}
              onClick={() => change({ preset: amount })}
            >
              {formatRupees(amount)}
            </button>
          ))}
          <button type="button" aria-pressed={draft.preset === 'other'} className={draft.preset === 'other' ? 'btn-gold' : 'btn-ghost'} onClick={() => change({ preset: 'other' })}>
            Another amount
          </button>
        </div>
        {draft.preset === 'other' ? (
          <TextField
            name="giftCardAmount"
            type="number"
            inputMode="numeric"
            label="Amount in rupees"
            fieldClassName="mt-3 max-w-xs"
            min={GIFT_CARD_MIN_RUPEES}
            max={GIFT_CARD_MAX_RUPEES}
            step={1}
            value={draft.other}
            hint={`Any whole amount from ${formatRupees(GIFT_CARD_MIN_RUPEES)} to ${formatRupees(GIFT_CARD_MAX_RUPEES)}`}
            onChange={(event) => change({ other: event.target.value })}
          />
        ) : null}
        {errors.amount ? (
          <p className="mt-2 text-sm text-blood" role="alert">
            {errors.amount}
          </p>
        ) : null}
      </fieldset>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <GiftRecipientField name="giftCardRecipientName" value={draft.recipientName} error={errors.recipientName} onChange={(event) => change({ recipientName: event.target.value })} />
        <GiftRecipientEmailField
          name="giftCardRecipientEmail"
          value={draft.recipientEmail}
          error={errors.recipientEmail}
          hint="The card and its code are e-mailed here"
          onChange={(event) => change({ recipientEmail: event.target.value })}
        />
        <GiftMessageField name="giftCardMessage" label="Your message" value={draft.message} error={errors.message} onChange={(event) => change({ message: event.target.value })} />
        <TextField
          name="giftCardDeliverOn"
          type="date"
          label="Deliver on"
          min={today}
          value={draft.deliverOn}
          error={errors.deliverOn}
          hint="Today, or the morning of a day you choose"
          onChange={(event) => change({ deliverOn: event.target.value })}
        />
      </div>
      <p className="text-xs text-ash">
        Paid online (not cash on delivery). The card lasts at least a year and pays for any potion, in part or in full. Buy it on its own, or{' '}
        <Link to="/products" className="text-gold underline-offset-4 hover:underline">
          choose potions
        </Link>{' '}
        to go with it.
      </p>
      <button type="submit" className="btn-gold w-full sm:w-auto sm:justify-self-start">
        Add gift card to cart
      </button>
    </form>
  );
}
