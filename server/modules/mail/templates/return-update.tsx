import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl } from './order-mail-data.ts';

/** Each step of a return, as the customer hears it: asked, approved with pickup, rejected with a reason, refunded. */
export interface ReturnMailData {
  orderNumber: string;
  customerName: string;
  /** 'Requested', 'Approved — awaiting pickup', 'Rejected', 'Refunded' (RETURN_STATUS_NAMES). */
  statusName: string;
  /** What happened and what comes next, in the shop's words. */
  message: string;
  refundPaise: number;
}

export const returnUpdate = defineTemplate<ReturnMailData>({
  subject: (data) => `Your return for order ${data.orderNumber}: ${data.statusName}`,
  body: (data, { shopUrl }) => (
    <EmailLayout preview={data.message} heading={`Return ${data.statusName.toLowerCase()}`} shopUrl={shopUrl}>
      <Paragraph>
        Dear {data.customerName}, {data.message}
      </Paragraph>
      <DetailRows
        strongLast
        rows={[
          ['Order', data.orderNumber],
          ['Return', data.statusName],
          ['Refund for the returned potions', formatPaise(data.refundPaise)],
        ]}
      />
      <ActionButton href={orderUrl(shopUrl, data.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
