import type { StoredAddress } from '../../../db/schema/index.ts';

/** What order e-mails show of an order, copied when the message is enqueued. */
export interface OrderMailData {
  orderNumber: string;
  customerName: string;
  items: { name: string; slug: string; size: string; quantity: number; unitPricePaise: number; lineTotalPaise: number }[];
  subtotalPaise: number;
  discountPaise: number;
  couponCode: string | null;
  totalPaise: number;
  shippingAddress: StoredAddress;
  /** ISO instant of the promised delivery day (midday, shop time); absent in messages enqueued before zones. */
  estimatedDelivery?: string | null;
  /** Cash on delivery's fee, part of the total; absent (or 0) for orders paid online. */
  codFeePaise?: number;
}

export function orderMailDataOf(
  order: {
    orderNumber: string;
    customerName: string;
    subtotalPaise: number;
    discountPaise: number;
    totalPaise: number;
    coupon: { code: string } | null;
    shippingAddress: StoredAddress;
    estimatedDelivery?: Date | null;
    codFeePaise?: number;
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
    estimatedDelivery: order.estimatedDelivery?.toISOString() ?? null,
    ...(order.codFeePaise ? { codFeePaise: order.codFeePaise } : {}),
  };
}

export function addressLines(address: StoredAddress): string[] {
  return [address.street, `${address.city}, ${address.state} ${address.zipCode}`, address.country];
}

export function orderUrl(shopUrl: string, orderNumber: string): string {
  return `${shopUrl}/orders/${encodeURIComponent(orderNumber)}`;
}
