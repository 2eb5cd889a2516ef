import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl } from './order-mail-data.ts';

/** A courier's failed attempt (NDR): why, and the link to choose what the courier does next. */
export interface DeliveryFailedMailData {
  orderNumber: string;
  customerName: string;
  courierName: string;
  awb: string;
  /** The courier's reason, in its words ('Consignee unavailable'). */
  reason: string;
  attempt: number;
}

export const deliveryFailed = defineTemplate<DeliveryFailedMailData>({
  subject: (data) => `We could not deliver order ${data.orderNumber}: choose when we try again`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={`The courier could not deliver: ${data.reason}`} heading="A delivery attempt failed" shopUrl={shopUrl}>
      <Paragraph>
        Dear {data.customerName}, the courier could not deliver your potions today. Tell us a day you will be in, or correct your phone number or
        address, and they will try again. Without an answer the courier tries once or twice more, then returns the parcel to us.
      </Paragraph>
      <DetailRows
        rows={[
          ['Order', data.orderNumber],
          ['Courier', `${data.courierName} · ${data.awb}`],
          ['Reason given', data.reason],
          ['Attempt', String(data.attempt)],
        ]}
      />
      <ActionButton href={`${orderUrl(shopUrl, data.orderNumber)}#delivery`}>Arrange another attempt</ActionButton>
    </EmailLayout>
  ),
});
