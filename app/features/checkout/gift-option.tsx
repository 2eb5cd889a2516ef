import { CheckboxField } from '../../components/form.tsx';
import { GiftMessageField, GiftRecipientEmailField, GiftRecipientField } from '../../components/gift-fields.tsx';
import { formatRupees } from '../../../domain/money.ts';
import { GIFT_MESSAGE_MAX, GIFT_RECIPIENT_MAX, giftTextProblem, normaliseGiftMessage } from '../../../domain/gifts.ts';
import { shippingFieldError } from '../../../domain/shipping-details.ts';
import { OptInBox, OptInSection } from './opt-in.tsx';

export interface GiftChoice {
  /** The shopper ticked 'This is a gift'; unticked, nothing below is sent. */
  wanted: boolean;
  wrap: boolean;
  recipientName: string;
  message: string;
  /** "E-mail them a gift receipt when it ships", and where. */
  receipt: boolean;
  recipientEmail: string;
}

export const NOT_A_GIFT: GiftChoice = { wanted: false, wrap: false, recipientName: '', message: '', receipt: false, recipientEmail: '' };

export type GiftErrors = Partial<Record<'recipientName' | 'message' | 'recipientEmail', string>>;

/** What the server is sent: the gift's options only when the shopper said it is one. */
export function giftOf(choice: GiftChoice): { wrap: boolean; recipientName: string; message: string; recipientEmail: string | null } | undefined {
  if (!choice.wanted) return undefined;
  const recipientEmail = choice.receipt ? choice.recipientEmail.trim() : '';
  return { wrap: choice.wrap, recipientName: choice.recipientName.trim(), message: normaliseGiftMessage(choice.message), recipientEmail: recipientEmail || null };
}

/** The same check the server makes (domain/gifts.ts), so the shopper hears it before paying. */
export function giftErrors(choice: GiftChoice): GiftErrors {
  const gift = giftOf(choice);
  if (!gift) return {};
  const errors: GiftErrors = {};
  const recipient = giftTextProblem(gift.recipientName, GIFT_RECIPIENT_MAX, "The recipient's name");
  const message = giftTextProblem(gift.message, GIFT_MESSAGE_MAX, 'The gift message');
  if (recipient) errors.recipientName = recipient;
  if (message) errors.message = message;
  if (choice.receipt) {
    const email = shippingFieldError('email', choice.recipientEmail.trim());
    if (email) errors.recipientEmail = email;
  }
  return errors;
}

/** The server's field names for the gift ('gift.message') as this form's. */
export function giftErrorField(field: string): keyof GiftErrors | null {
  if (field === 'gift.recipientName') return 'recipientName';
  if (field === 'gift.message') return 'message';
  return field === 'gift.recipientEmail' ? 'recipientEmail' : null;
}

/**
 * Under the address: "This is a gift" opens gift wrap (a charge on the bill, its price named here), the name on
 * the parcel and a card message. The invoice still comes to the buyer; the packing slip prints the message and
 * no prices. Unticked, nothing is sent; no box is ticked for the shopper.
 */
export function GiftOption({ value, errors, wrapPrice, onChange }: { value: GiftChoice; errors: GiftErrors; wrapPrice: number | undefined; onChange(next: GiftChoice): void }) {
  return (
    <OptInSection
      legend="Gift"
      label="This is a gift"
      hint="Send it straight to someone: their name on the parcel, your words on a card, and no prices inside."
      checked={value.wanted}
      onToggle={(wanted) => onChange({ ...value, wanted })}
      testId="gift-option"
    >
      <CheckboxField
        label={<>Gift wrap it in black and gold{wrapPrice !== undefined ? <span className="whitespace-nowrap"> (+{formatRupees(wrapPrice)})</span> : null}</>}
        fieldClassName="flex items-center gap-3 text-sm sm:col-span-2"
        className="h-5 w-5 shrink-0 accent-gold"
        checked={value.wrap}
        onChange={(event) => onChange({ ...value, wrap: event.target.checked })}
      />
      <GiftRecipientField
        name="giftRecipient"
        value={value.recipientName}
        error={errors.recipientName}
        hint="On the parcel; the address above is where it goes"
        onChange={(event) => onChange({ ...value, recipientName: event.target.value })}
      />
      <GiftMessageField
        name="giftMessage"
        label="Message on the card"
        value={value.message}
        error={errors.message}
        onChange={(event) => onChange({ ...value, message: event.target.value })}
      />
      <OptInBox
        wide
        label="E-mail them a gift receipt when it ships (what is inside and your message, no prices)"
        checked={value.receipt}
        onChange={(event) => onChange({ ...value, receipt: event.target.checked })}
      />
      {value.receipt ? (
        <GiftRecipientEmailField
          name="giftRecipientEmail"
          value={value.recipientEmail}
          error={errors.recipientEmail}
          hint="Used once, for the gift receipt"
          onChange={(event) => onChange({ ...value, recipientEmail: event.target.value })}
        />
      ) : null}
    </OptInSection>
  );
}

/** The Review step's line about the gift. */
export function GiftSummary({ gift }: { gift: ReturnType<typeof giftOf> }) {
  if (!gift) return null;
  return (
    <p className="mt-2 text-sm text-mist" data-testid="review-gift">
      A gift{gift.recipientName ? ` for ${gift.recipientName}` : ''}
      {gift.wrap ? ', gift wrapped' : ''}
      {gift.message ? <span className="block whitespace-pre-line text-ash italic">“{gift.message}”</span> : null}
    </p>
  );
}
