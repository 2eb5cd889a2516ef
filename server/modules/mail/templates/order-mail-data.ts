import { CHARGE_LABELS, type Adjustment, type Charge } from '../../../../domain/bill.ts';
import type { BillSummary } from '../../../../domain/bill-lines.ts';
import { cashDuePaise } from '../../../../domain/cash-on-delivery.ts';
import { couponLabel } from '../../../../domain/coupons.ts';
import type { GiftDetails } from '../../../../domain/gifts.ts';
import type { StoredAddress } from '../../../db/schema/index.ts';
import type { CardBought } from '../../gift-card-sales/cards-bought.ts';

/** What order e-mails show of an order, copied when the message is enqueued. */
export interface OrderMailData {
  orderNumber: string;
  customerName: string;
  items: { name: string; slug: string; size: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
  subtotalPaise: number;
  discountPaise: number;
  couponCode: string | null;
  totalPaise: number;
  /** Null for an order of gift cards alone, which nothing carries. */
  shippingAddress: StoredAddress | null;
  /** Gift cards bought with the order (outside its bill), each e-mailed to its recipient on its day. */
  giftCards?: CardBought[];
  /** What the cards came to, on top of the bill's total; absent in messages enqueued before orders kept it. */
  vouchersPaise?: number;
  /** ISO instant of the promised delivery day (midday, shop time); absent in messages enqueued before zones. */
  estimatedDelivery?: string | null;
  /** Cash on delivery's fee in messages enqueued before the bill had lists (newer ones carry it in `charges`). */
  codFeePaise?: number;
  /** The bill's adjustments and charges by label; absent in messages enqueued before the bill had lists. */
  adjustments?: BillPartInPaise[];
  charges?: BillPartInPaise[];
  /** The gift's recipient and message (the wrap is among `charges`); absent when the order is not a gift. */
  gift?: GiftDetails | null;
  /** What gift cards and store credit paid of the total; absent when they paid nothing (and in older messages). */
  balancesPaise?: number;
}

/** The cash a cash-on-delivery e-mail asks the customer to have ready: the total less what balances paid. */
export function cashDueOf(order: Pick<OrderMailData, 'totalPaise' | 'balancesPaise'>): number {
  return cashDuePaise({ totalPaise: order.totalPaise, balancesPaise: order.balancesPaise ?? 0 });
}

type BillPartInPaise = { kind: string; label: string; amountPaise: number };

/** The bill an order e-mail shows (domain/bill-lines.ts), from the lists or, in older messages, the figures. */
export function mailBillSummary(order: OrderMailData): BillSummary {
  const discount: BillPartInPaise[] = order.discountPaise > 0 ? [{ kind: 'coupon', label: order.couponCode ? couponLabel(order.couponCode) : 'Discount', amountPaise: order.discountPaise }] : [];
  const fee: BillPartInPaise[] = order.codFeePaise ? [{ kind: 'cod-fee', label: CHARGE_LABELS['cod-fee'], amountPaise: order.codFeePaise }] : [];
  return { subtotalPaise: order.subtotalPaise, adjustments: order.adjustments ?? discount, charges: order.charges ?? fee, shippingPaise: 0, totalPaise: order.totalPaise };
}

export function orderMailDataOf(
  order: {
    orderNumber: string;
    customerName: string;
    subtotalPaise: number;
    discountPaise: number;
    totalPaise: number;
    coupon: { code: string } | null;
    shippingAddress: StoredAddress | null;
    vouchersPaise?: number;
    estimatedDelivery?: Date | null;
    /** What the order takes off and bills on top of its lines (none when absent). */
    adjustments?: readonly Adjustment[];
    charges?: readonly Charge[];
    gift?: GiftDetails | null;
    balancesPaise?: number;
  },
  items: readonly OrderMailData['items'][number][],
): OrderMailData {
  return {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    items: items.map(({ name, slug, size, quantity, unitPricePaise, lineTotalPaise }) => ({ name, slug, size, quantity, unitPricePaise, lineTotalPaise })),
    subtotalPaise: order.subtotalPaise,
    discountPaise: order.discountPaise,
    couponCode: order.coupon?.code ?? null,
    totalPaise: order.totalPaise,
    shippingAddress: order.shippingAddress,
    ...(order.vouchersPaise ? { vouchersPaise: order.vouchersPaise } : {}),
    estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
    adjustments: (order.adjustments ?? []).map(({ kind, label, amountPaise }) => ({ kind, label, amountPaise })),
    charges: (order.charges ?? []).map(({ kind, label, amountPaise }) => ({ kind, label, amountPaise })),
    ...(order.gift ? { gift: order.gift } : {}),
    ...(order.balancesPaise ? { balancesPaise: order.balancesPaise } : {}),
  };
}

export function addressLines(address: StoredAddress): string[] {
  return [address.street, `${address.city}, ${address.state} ${address.zipCode}`, address.country];
}

export function orderUrl(shopUrl: string, orderNumber: string): string {
  return `${shopUrl}/orders/${encodeURIComponent(orderNumber)}`;
}
