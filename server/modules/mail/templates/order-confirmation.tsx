import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, colours, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { OrderBill, OrderDelivery } from './order-bill.tsx';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

export const orderConfirmation = defineTemplate<OrderMailData>({
  subject: (order) => `Your order ${order.orderNumber} is confirmed`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Order ${order.orderNumber}: ${formatPaise(order.totalPaise)} received with thanks.`} heading="Your potions are on their way to the cauldron" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, we have received your payment for order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. We will
        start brewing it soon and write again when it ships.
      </Paragraph>
      <OrderBill order={order} totalLabel="Total paid" />
      <OrderDelivery order={order} />
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
