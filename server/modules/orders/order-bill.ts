import type { Bill } from '../../../domain/bill.ts';
import { cartIdOf } from '../../../domain/cart.ts';
import { giftLineKey } from '../../../domain/promotions/promotion.ts';
import type { orderItems, orders } from '../../db/schema/index.ts';

type OrderBillParts = Pick<typeof orders.$inferSelect, 'adjustments' | 'charges'>;
type OrderBillLine = Pick<typeof orderItems.$inferSelect, 'productId' | 'size' | 'lineTotalPaise' | 'gift'>;

/** The key of an order line in its bill: its product and size, as the basket priced it (a free gift's apart). */
export function billKeyOf(item: Pick<OrderBillLine, 'productId' | 'size' | 'gift'>): string {
  return item.gift ? giftLineKey(item.productId, item.size) : cartIdOf(item.productId, item.size);
}

/** An order's bill as stored: its lines at their prices, and the adjustments and charges allocated to them. */
export function orderBillOf(order: OrderBillParts, items: readonly OrderBillLine[]): Bill {
  return {
    lines: items.map((item) => ({ key: billKeyOf(item), amountPaise: item.lineTotalPaise })),
    adjustments: order.adjustments,
    charges: order.charges,
  };
}
