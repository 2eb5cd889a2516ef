import { Section, Text } from '@react-email/components';
import { ActionButton, EmailLayout, mutedStyle, Paragraph, textStyle } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { CardMessage } from './card-message.tsx';

export interface GiftReceiptMailData {
  /** The receipt's number for an exchange: the order's. */
  orderNumber: string;
  recipientName: string;
  senderName: string;
  message: string;
  items: { name: string; size: string; quantity: number }[];
  carrier: string | null;
  trackingNumber: string | null;
}

/**
 * The gift receipt: to the recipient when a gift order ships, at the buyer's request. It says what is in the
 * parcel, who sent it and their message, and never what anything cost.
 */
export const giftReceipt = defineTemplate<GiftReceiptMailData>({
  subject: (data) => `A gift from ${data.senderName} is on its way`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`${data.senderName} has sent you something from Deosil Perfumes.`} heading={`A gift is on its way${data.recipientName ? `, ${data.recipientName}` : ''}`} shopUrl={shopUrl}>
      <Paragraph>{data.senderName} has sent you a gift from our candle-lit workshop. It left us today.</Paragraph>
      {data.message ? <CardMessage message={data.message} style={textStyle} /> : null}
      <Section>
        {data.items.map((item) => (
          <Text key={`${item.name}-${item.size}`} style={{ ...textStyle, margin: '0 0 6px' }}>
            {item.quantity} × {item.name} ({item.size})
          </Text>
        ))}
      </Section>
      {data.trackingNumber ? (
        <Paragraph>
          {data.carrier ? `${data.carrier} tracking` : 'Tracking'}: {data.trackingNumber}
        </Paragraph>
      ) : null}
      <ActionButton href={`${shopUrl}/products`}>Meet the other potions</ActionButton>
      <Text style={mutedStyle}>Gift receipt {data.orderNumber}. Keep it for an exchange: no prices are shown to you or inside the parcel.</Text>
    </EmailLayout>
  ),
});
