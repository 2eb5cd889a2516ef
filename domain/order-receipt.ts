/**
 * The plain-text receipt a customer downloads from the order success page (receipt-{orderNumber}.txt): readable
 * in any text editor and printable, amounts in rupees as the shop shows them.
 */
import { billLines, billSummaryOf, type BillInRupees } from './bill-lines.ts';
import { formatRupees } from './money.ts';
import { paymentMethodLabel } from './payment-methods.ts';
import { SHOP_TIME_ZONE } from './shop-clock.ts';

export interface ReceiptOrder {
  orderNumber: string;
  createdAt: string;
  paymentMethod: string;
  paymentId: string | null;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** Null for an order of gift cards alone, which nothing carries. */
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country: string } | null;
  /** Gift cards bought with the order, paid on top of its bill (no part of it: decision 0074). */
  giftCardsBought?: number;
  items: readonly { name: string; size: string; quantity: number; price: number; lineTotal: number }[];
  /** The bill: subtotal, shipping, total, and its adjustments and charges by label (domain/bill-lines.ts). */
  subtotal: number;
  shipping: number;
  total: number;
  adjustments: BillInRupees['adjustments'];
  charges: BillInRupees['charges'];
}

const WIDTH = 48;
const rule = (char = '-') => char.repeat(WIDTH);
/** Label on the left, amount on the right, on one line of the receipt's width. */
const amountLine = (label: string, amount: string) => `${label}${' '.repeat(Math.max(1, WIDTH - label.length - amount.length))}${amount}`;

export function receiptFileName(orderNumber: string): string {
  return `receipt-${orderNumber.replace(/[^\w-]/g, '_')}.txt`;
}

export { paymentMethodLabel };

// Built once: a formatter costs a third of a millisecond to make, and order pages and e-mails format many dates.
const ORDER_DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: SHOP_TIME_ZONE });

export function formatOrderDateTime(iso: string): string {
  return ORDER_DATE_TIME.format(new Date(iso));
}

export function receiptText(order: ReceiptOrder, shopName: string): string {
  const address = order.shippingAddress;
  const lines = [
    shopName.toUpperCase(),
    'Order Receipt',
    rule('='),
    `Order number: ${order.orderNumber}`,
    `Date: ${formatOrderDateTime(order.createdAt)}`,
    `Payment: ${paymentMethodLabel(order.paymentMethod)}${order.paymentId ? ` (${order.paymentId})` : ''}`,
    '',
    'Customer',
    `  ${order.customerName}`,
    `  ${order.customerEmail}`,
    ...(order.customerPhone ? [`  ${order.customerPhone}`] : []),
    '',
    ...(address ? ['Ship to', `  ${address.street}`, `  ${address.city}, ${address.state} ${address.zipCode}`, `  ${address.country}`, ''] : []),
    rule(),
    ...order.items.flatMap((item) => [
      `${item.name} (${item.size})`,
      amountLine(`  ${item.quantity} x ${formatRupees(item.price)}`, formatRupees(item.lineTotal)),
    ]),
    // Gift cards alone: no bill of goods to print, only what the cards came to.
    ...(order.items.length ? [rule(), ...billLines(billSummaryOf(order), { minus: '-' }).map((row) => amountLine(row.label, row.text))] : []),
    ...(order.giftCardsBought ? [amountLine('Gift cards bought', formatRupees(order.giftCardsBought))] : []),
    rule('='),
    'Thank you for your order.',
  ];
  return lines.join('\n') + '\n';
}
