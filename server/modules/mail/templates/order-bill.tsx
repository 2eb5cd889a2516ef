import { Text } from '@react-email/components';
import { formatDeliveryDay } from '../../../../domain/delivery-promise.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { colours, DetailRows, mutedStyle, textStyle } from './email-layout.tsx';
import { addressLines, type OrderMailData } from './order-mail-data.ts';

/**
 * An order's bill as its e-mails show it: the potions, then subtotal, discount, free shipping, the Cash on Delivery
 * fee where the order pays one (`codFee`), and the total under the label that says how it is paid.
 */
export function OrderBill({ order, totalLabel, codFee = false }: { order: OrderMailData; totalLabel: string; codFee?: boolean }) {
  return (
    <>
      <DetailRows
        rows={order.items.map((item) => [`${item.name} · ${item.size} × ${item.quantity} (${formatPaise(item.unitPricePaise)} each)`, formatPaise(item.lineTotalPaise)] as const)}
      />
      <DetailRows
        strongLast
        rows={[
          ['Subtotal', formatPaise(order.subtotalPaise)],
          ...(order.discountPaise > 0 ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `−${formatPaise(order.discountPaise)}`] as const] : []),
          ['Shipping', 'Free'],
          ...(codFee ? [['Cash on Delivery fee', formatPaise(order.codFeePaise ?? 0)] as const] : []),
          [totalLabel, formatPaise(order.totalPaise)],
        ]}
      />
    </>
  );
}

/** When the order arrives (where a day was promised) and the address it goes to. */
export function OrderDelivery({ order }: { order: OrderMailData }) {
  return (
    <>
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
    </>
  );
}
