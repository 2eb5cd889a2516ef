import { ActionButton, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { formatShopDate } from '../../../../domain/shop-clock.ts';

export interface GiftCardExpiringMailData {
  recipientName: string;
  lastFour: string;
  balancePaise: number;
  /** ISO moment the card stops paying. */
  expiresAt: string;
}

/** Once, a month before a gift card with money left on it expires (domain/balances.ts GIFT_CARD_REMINDER_DAYS). */
export const giftCardExpiring = defineTemplate<GiftCardExpiringMailData>({
  subject: (data) => `Your gift card ending ${data.lastFour} expires on ${formatShopDate(data.expiresAt)}`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`${formatPaise(data.balancePaise)} is still on it.`} heading="Your gift card is waning" shopUrl={shopUrl}>
      <Paragraph>
        {data.recipientName ? `${data.recipientName}, your` : 'Your'} Deosil gift card ending {data.lastFour} still holds {formatPaise(data.balancePaise)}. It can be spent until{' '}
        {formatShopDate(data.expiresAt)}; after that it pays for nothing.
      </Paragraph>
      <Paragraph>Type its code on the Payment step of the checkout: it pays part or all of an order.</Paragraph>
      <ActionButton href={`${shopUrl}/products`}>Choose a potion</ActionButton>
    </EmailLayout>
  ),
});
