import { Text } from '@react-email/components';
import { formatPaise } from '../../../../domain/money.ts';
import { formatShopDate } from '../../../../domain/shop-clock.ts';
import { ActionButton, colours, DetailRows, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { OrderBill, OrderDelivery } from './order-bill.tsx';
import { cashDueOf, orderUrl, type OrderMailData } from './order-mail-data.ts';

/** Where a cancelled order's balances went: back onto the gift cards and store credit that paid part of it. */
function BalancesBack({ order }: { order: OrderMailData }) {
  if (!order.balancesPaise) return null;
  return <Paragraph>The {formatPaise(order.balancesPaise)} your gift cards and store credit paid towards it is back on them, ready to spend again.</Paragraph>;
}

/** An order placed for cash on delivery: the link its customer confirms it with, and the deadline. */
export interface CodPlacedMailData extends OrderMailData {
  /** The confirmation page with the order's signed token (`/confirm-cod?order=…&token=…`). */
  confirmUrl: string;
  /** ISO instant; shown in shop time. */
  confirmBy: string;
}

export const codPlaced = defineTemplate<CodPlacedMailData>({
  subject: (order) => `Please confirm your cash-on-delivery order ${order.orderNumber}`,
  body: (order, { shopUrl }) => {
    const deadline = formatShopDate(order.confirmBy, 'dateTime');
    return (
      <EmailLayout preview={`Confirm order ${order.orderNumber} by ${deadline}, or it will be cancelled.`} heading="One last spell: confirm your order" shopUrl={shopUrl}>
        <Paragraph>
          Dear {order.customerName}, thank you for order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. You chose to pay in cash when it
          arrives, so we brew it only once you confirm it is really yours.
        </Paragraph>
        <Paragraph>
          Please confirm by <strong style={{ color: colours.goldBright }}>{deadline}</strong> (India time). An order not confirmed by then is cancelled and its potions go
          back on the shelf.
        </Paragraph>
        <ActionButton href={order.confirmUrl}>Confirm my order</ActionButton>
        {/* The bill as the courier will collect it: what gift cards and store credit paid is not asked again. */}
        <OrderBill order={order} totalLabel="To pay on delivery" cashDue />
        <OrderDelivery order={order} />
        <Text style={mutedStyle}>
          Please keep {formatPaise(cashDueOf(order))} ready for the courier. You can also confirm from <a href={orderUrl(shopUrl, order.orderNumber)} style={{ color: colours.gold }}>your order&apos;s page</a>.
        </Text>
      </EmailLayout>
    );
  },
});

/**
 * The customer confirmed a cash-on-delivery order: it is being prepared, and what to have ready. The tax invoice
 * follows with the shipped e-mail, as it is issued when the parcel leaves.
 */
export const codConfirmed = defineTemplate<OrderMailData>({
  subject: (order) => `Order ${order.orderNumber} confirmed: pay on delivery`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Thank you for confirming order ${order.orderNumber}. We are preparing it now.`} heading="Your order is confirmed" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, thank you for confirming order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. We are preparing your
        potions now, and we will write again with the tax invoice and tracking when the parcel leaves us.
      </Paragraph>
      <OrderBill order={order} totalLabel="To pay on delivery" cashDue />
      <OrderDelivery order={order} />
      <Text style={mutedStyle}>
        Please keep {formatPaise(cashDueOf(order))} ready in cash for the courier. You can follow the order on{' '}
        <a href={orderUrl(shopUrl, order.orderNumber)} style={{ color: colours.gold }}>
          its page
        </a>
        .
      </Text>
    </EmailLayout>
  ),
});

/** Nobody confirmed a cash-on-delivery order within its day: cancelled, nothing was paid, nothing is owed. */
export const codNotConfirmed = defineTemplate<OrderMailData>({
  subject: (order) => `Order ${order.orderNumber} was cancelled: not confirmed`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Order ${order.orderNumber} was not confirmed within 24 hours, so we cancelled it.`} heading="Your order was not confirmed" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, your cash-on-delivery order {order.orderNumber} was not confirmed within 24 hours, so we have cancelled it and put its potions back
        on the shelf. Nothing was charged and you owe nothing.
      </Paragraph>
      <DetailRows rows={[['Order', order.orderNumber], ['Would have cost', formatPaise(order.totalPaise)]]} />
      <BalancesBack order={order} />
      <Paragraph>Still want them? Your potions may be waiting for you in the shop.</Paragraph>
      <ActionButton href={`${shopUrl}/products`}>Visit the shop</ActionButton>
    </EmailLayout>
  ),
});

/** A cash-on-delivery order cancelled by the shop or returned to it unopened: no cash changed hands. */
export const codCancelled = defineTemplate<OrderMailData>({
  subject: (order) => `Order ${order.orderNumber}: Cancelled`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Order ${order.orderNumber} is cancelled; nothing was charged.`} heading="Your order is cancelled" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, your cash-on-delivery order {order.orderNumber} has been cancelled. As it was to be paid on delivery, nothing was charged and
        there is nothing to refund.
      </Paragraph>
      <DetailRows rows={[['Order', order.orderNumber], ['Amount due', formatPaise(0)]]} />
      <BalancesBack order={order} />
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
