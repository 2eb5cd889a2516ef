import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl } from './order-mail-data.ts';

export interface GiftCardRefundedMailData {
  customerName: string;
  orderNumber: string;
  amountPaise: number;
  lastFour: string;
  recipientName: string;
  /** The code had already been e-mailed to its recipient (it no longer pays); otherwise that e-mail is never sent. */
  codeSent: boolean;
}

/** To the buyer of a gift card the shop refunded while it was unspent (decision 0088): the money goes back to their payment. */
export const giftCardRefunded = defineTemplate<GiftCardRefundedMailData>({
  subject: (data) => `Your ${formatPaise(data.amountPaise)} gift card is refunded (order ${data.orderNumber})`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`${formatPaise(data.amountPaise)} is on its way back to the way you paid.`} heading="Your gift card is refunded" shopUrl={shopUrl}>
      <Paragraph>
        Dear {data.customerName}, we have refunded the gift card of {formatPaise(data.amountPaise)} for {data.recipientName} that you bought with order {data.orderNumber}, to the card or
        account you paid with. Banks usually take 5–7 working days to show it.
      </Paragraph>
      <Paragraph>
        {data.codeSent
          ? `The card ending ${data.lastFour} is cancelled: its code, already sent to ${data.recipientName}, no longer pays.`
          : `The card ending ${data.lastFour} is cancelled, and ${data.recipientName} will not receive it.`}
      </Paragraph>
      <DetailRows
        strongLast
        rows={[
          ['Order', data.orderNumber],
          ['Gift card', `ending ${data.lastFour}`],
          ['Refunded', formatPaise(data.amountPaise)],
        ]}
      />
      <ActionButton href={orderUrl(shopUrl, data.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
