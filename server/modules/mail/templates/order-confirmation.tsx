import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, colours, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { OrderBill, OrderDelivery } from './order-bill.tsx';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

export const orderConfirmation = defineTemplate<OrderMailData>({
  subject: (order) => `Your order ${order.orderNumber} is confirmed`,
  body: (order, { shopUrl }) =>
    order.items.length === 0 ? (
      <GiftCardsConfirmation order={order} shopUrl={shopUrl} />
    ) : (
      <EmailLayout preview={`Order ${order.orderNumber}: ${formatPaise(order.totalPaise)} received with thanks.`} heading="Your potions are on their way to the cauldron" shopUrl={shopUrl}>
        <Paragraph>
          Dear {order.customerName}, we have received your payment for order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. We will start brewing it soon and
          write again when it ships.
        </Paragraph>
        <OrderBill order={order} totalLabel="Total paid" />
        <OrderDelivery order={order} />
        <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
      </EmailLayout>
    ),
});

/**
 * An order of gift cards alone: nothing to brew or ship and no invoice (a voucher's sale is not a supply, decision
 * 0083); the buyer reads what was paid for the cards and when each recipient hears of theirs.
 */
function GiftCardsConfirmation({ order, shopUrl }: { order: OrderMailData; shopUrl: string }) {
  const paidPaise = order.vouchersPaise ?? (order.giftCards ?? []).reduce((sum, card) => sum + card.amountPaise, 0);
  return (
    <EmailLayout preview={`Order ${order.orderNumber}: ${formatPaise(paidPaise)} received with thanks.`} heading="Your gift cards are bought" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, we have received your payment for order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. Each gift card is e-mailed to its
        recipient, with its code, at 9 am on the day you chose (at once when that day is today and the hour has passed).
      </Paragraph>
      <OrderDelivery order={order} />
      <DetailRows strongLast rows={[['Total paid', formatPaise(paidPaise)]]} />
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  );
}
