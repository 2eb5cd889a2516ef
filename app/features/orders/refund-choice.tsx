import { useId } from 'react';
import type { OrderReturn } from '../../../contracts/returns.ts';

export type RefundTo = OrderReturn['refundTo'];

/** When the refund is made: a return's once its potions are back, a cancellation's at once. */
type Moment = 'return' | 'cancellation';

/** Where a refund may go (decision 0075): back the way the money came, the default, or onto store credit at once. */
function choicesFor(moment: Moment): { value: RefundTo; label: string; hint: string }[] {
  const when = moment === 'return' ? 'once the potions reach us' : 'as soon as you cancel';
  return [
    { value: 'original', label: 'Refund to original payment method', hint: `Back to the card, UPI or bank you paid with, ${when}` },
    { value: 'store-credit', label: 'Store credit (instant)', hint: `On your account ${moment === 'return' ? 'the moment the potions reach us' : 'at once'}, to spend on any order` },
  ];
}

/** The refund's destination, as two radio buttons under a legend; each named by its label and described by its hint. */
export function RefundChoice({ value, moment, onChange }: { value: RefundTo; moment: Moment; onChange(next: RefundTo): void }) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" data-testid="refund-choice">
      <legend className="mb-1 text-ash">Where should the refund go?</legend>
      {choicesFor(moment).map((choice) => (
        // The hint sits outside the label, so the choice is named by its label alone and described by the hint.
        <div key={choice.value} className="flex items-start gap-3">
          <input
            id={`${id}-${choice.value}`}
            type="radio"
            name={`${id}-refund-to`}
            className="mt-1 h-4 w-4 shrink-0 accent-gold"
            value={choice.value}
            checked={value === choice.value}
            aria-describedby={`${id}-${choice.value}-hint`}
            onChange={() => onChange(choice.value)}
          />
          <div>
            <label htmlFor={`${id}-${choice.value}`} className="block text-mist">
              {choice.label}
            </label>
            <p id={`${id}-${choice.value}-hint`} className="text-xs text-ash">
              {choice.hint}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
