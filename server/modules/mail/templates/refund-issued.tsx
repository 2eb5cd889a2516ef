import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/** `refundPaise`: this refund, when it is part of the order (returned lines); else the whole total. */
export const refundIssued = defineTemplate<OrderMailData & { refundPaise?: number }>({
  subject: (order) => `Refund issued for order ${order.orderNumber}`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`${formatPaise(order.refundPaise ?? order.totalPaise)} is on its way back to your card.`} heading="Your refund is on its way" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, we have refunded {formatPaise(order.refundPaise ?? order.totalPaise)} for order {order.orderNumber} to the card you paid with. Banks usually take 5–7
        working days to show it.
      </Paragraph>
      <DetailRows strongLast rows={[['Order', order.orderNumber], ['Refunded', formatPaise(order.refundPaise ?? order.totalPaise)]]} />
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
