import { formatPaise } from '../../../../domain/money.ts';
import { statusInfo } from '../../../../domain/orders.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/** A paid order that cannot stand (an admin cancelled it, or stock ran out while the customer paid). */
export const orderCancelled = defineTemplate<OrderMailData>({
  subject: (order) => `Order ${order.orderNumber}: ${statusInfo('cancelled').label}`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Order ${order.orderNumber} is cancelled; ${formatPaise(order.totalPaise)} will be refunded.`} heading={statusInfo('cancelled').label} shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, your order {order.orderNumber} has been cancelled. A full refund of {formatPaise(order.totalPaise)} will go back to the card you
        paid with, and we will write again as soon as it is issued.
      </Paragraph>
      <DetailRows strongLast rows={[['Order', order.orderNumber], ['Refund due', formatPaise(order.totalPaise)]]} />
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
