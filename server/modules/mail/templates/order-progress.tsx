import { orderStatusLabel, SHOP_TIME_ZONE, statusInfo, type OrderStatus } from '../../../../domain/orders.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/** An order's journey after payment, with its tracking as the admin entered it. */
export interface ShipmentMailData extends OrderMailData {
  carrier: string | null;
  trackingNumber: string | null;
}

const deliveryDate = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: SHOP_TIME_ZONE });

const WORDING: Record<'shipped' | 'out-for-delivery' | 'delivered', { preview: string; lead: string }> = {
  shipped: { preview: 'has left our apothecary', lead: 'has left our apothecary and is on its way to you.' },
  'out-for-delivery': { preview: 'arrives today', lead: 'is out for delivery and should reach you today.' },
  delivered: { preview: 'has arrived', lead: 'has been delivered. May it work its magic.' },
};

/** Shipped, out for delivery and delivered: one message shape, worded and labelled for each status. */
function orderProgress(status: keyof typeof WORDING) {
  const label = statusInfo(status satisfies OrderStatus).label;
  // Subject and status row name the status as the bell does ('Out for Delivery — Approaching Your Realm').
  const fullLabel = orderStatusLabel(status);
  return defineTemplate<ShipmentMailData>({
    subject: (order) => `Order ${order.orderNumber}: ${fullLabel}`,
    body: (order, { shopUrl }) => {
      const rows: [string, string][] = [['Order', order.orderNumber], ['Status', fullLabel]];
      if (order.carrier) rows.push(['Carrier', order.carrier]);
      if (order.trackingNumber) rows.push(['Tracking number', order.trackingNumber]);
      if (order.estimatedDelivery && status !== 'delivered') rows.push(['Estimated delivery', deliveryDate.format(new Date(order.estimatedDelivery))]);
      return (
        <EmailLayout preview={`Your order ${order.orderNumber} ${WORDING[status].preview}.`} heading={label} shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, your order {order.orderNumber} {WORDING[status].lead}
          </Paragraph>
          <DetailRows rows={rows} />
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>Track your order</ActionButton>
        </EmailLayout>
      );
    },
  });
}

export const orderShipped = orderProgress('shipped');
export const orderOutForDelivery = orderProgress('out-for-delivery');
export const orderDelivered = orderProgress('delivered');
