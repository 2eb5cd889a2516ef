import { Section, Text } from '@react-email/components';
import { ActionButton, colours, DetailRows, EmailLayout, Paragraph, textStyle } from './email-layout.tsx';
import { CardMessage } from './card-message.tsx';
import { defineTemplate } from './email-template.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { formatShopDate } from '../../../../domain/shop-clock.ts';

export interface GiftCardDeliveryMailData {
  recipientName: string;
  /** Who bought it, as they gave their name at checkout. */
  fromName: string;
  message: string;
  amountPaise: number;
  /** The whole code, printed in fours: this e-mail is the one place it is ever sent. */
  code: string;
  /** ISO moment the card stops paying. */
  expiresAt: string;
}

const codeStyle = {
  ...textStyle,
  color: colours.gold,
  fontFamily: "'Courier New', Courier, monospace",
  fontSize: '20px',
  letterSpacing: '2px',
  textAlign: 'center' as const,
  margin: '0 0 8px',
};

/** A bought gift card reaching its recipient on the day the buyer chose (gift-card-sales, decision 0074). */
export const giftCardDelivery = defineTemplate<GiftCardDeliveryMailData>({
  subject: (data) => `${data.fromName} sent you a ${formatPaise(data.amountPaise)} Deosil gift card`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`A gift card of ${formatPaise(data.amountPaise)} from ${data.fromName}.`} heading="A gift has found you" shopUrl={shopUrl}>
      <Paragraph>
        {data.recipientName}, {data.fromName} has sent you a Deosil Perfumes gift card of {formatPaise(data.amountPaise)}.
      </Paragraph>
      {data.message ? <CardMessage message={data.message} style={textStyle} /> : null}
      <Section>
        <Text style={codeStyle}>{data.code}</Text>
      </Section>
      <DetailRows
        rows={[
          ['Value', formatPaise(data.amountPaise)],
          ['Spend by', formatShopDate(data.expiresAt)],
        ]}
      />
      <Paragraph>Type the code on the Payment step of the checkout: it pays part or all of an order, across as many orders as you like. Keep it safe: whoever holds it can spend it.</Paragraph>
      <ActionButton href={`${shopUrl}/products`}>Choose a potion</ActionButton>
    </EmailLayout>
  ),
});
