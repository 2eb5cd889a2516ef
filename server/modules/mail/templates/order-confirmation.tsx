import { Text } from '@react-email/components';
import { formatDeliveryDay } from '../../../../domain/delivery-promise.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, colours, DetailRows, EmailLayout, mutedStyle, Paragraph, textStyle } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { addressLines, orderUrl, type OrderMailData } from './order-mail-data.ts';

export const orderConfirmation = defineTemplate<OrderMailData>({
  subject: (order) => `Your order ${order.orderNumber} is confirmed`,
  body: (order, { shopUrl }) => (
    <EmailLayout preview={`Order ${order.orderNumber}: ${formatPaise(order.totalPaise)} received with thanks.`} heading="Your potions are on their way to the cauldron" shopUrl={shopUrl}>
      <Paragraph>
        Dear {order.customerName}, we have received your payment for order <strong style={{ color: colours.goldBright }}>{order.orderNumber}</strong>. We will
        start brewing it soon and write again when it ships.
      </Paragraph>
      <DetailRows
        rows={order.items.map((item) => [`${item.name} · ${item.size} × ${item.quantity} (${formatPaise(item.unitPricePaise)} each)`, formatPaise(item.lineTotalPaise)] as const)}
      />
      <DetailRows
        strongLast
        rows={[
          ['Subtotal', formatPaise(order.subtotalPaise)],
          ...(order.discountPaise > 0 ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${formatPaise(order.discountPaise)}`] as const] : []),
          ['Shipping', 'Free'],
          ['Total paid', formatPaise(order.totalPaise)],
        ]}
      />
      {order.estimatedDelivery ? <DetailRows rows={[['Arrives by', formatDeliveryDay(new Date(order.estimatedDelivery))]]} /> : null}
      <Text style={{ ...textStyle, margin: '0 0 4px', color: colours.gold }}>Delivering to</Text>
      <Text style={mutedStyle}>
        {addressLines(order.shippingAddress).map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </Text>
      <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
    </EmailLayout>
  ),
});
