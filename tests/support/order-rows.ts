import { randomUUID } from 'node:crypto';
import { billOf, billTotals, withAdjustment, withCharge } from '../../domain/bill.ts';
import { cartIdOf } from '../../domain/cart.ts';
import type { OrderStatus, PaymentStatus } from '../../domain/orders.ts';
import type { Database } from '../../server/db/client.ts';
import { checkouts, orderItems, orders, products } from '../../server/db/schema/index.ts';

export interface OrderLine {
  productId: number;
  categoryId: string;
  quantity: number;
  unitPricePaise: number;
}

const ADDRESS = { street: '13 Raven Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' };

/** A cash-on-delivery order's side: its fee (inside the total) and the moments it reached so far. */
export interface CodRow {
  feePaise: number;
  confirmedAt?: string;
  collectedAt?: string;
  returnedAt?: string;
}

/**
 * Writes an order straight into the tables (with the checkout it belongs to and its lines), for reports that
 * must add up exactly what was stored. The total is the lines' sum, less any discount, plus any COD fee; shipping is free.
 */
export async function insertOrder(
  db: Database,
  order: { userId: string; createdAt: Date; lines: OrderLine[]; status?: OrderStatus; paymentStatus?: PaymentStatus; discountPaise?: number; cod?: CodRow },
): Promise<{ id: string; totalPaise: number }> {
  // A product on several lines comes in a different size on each, as a basket would have it (one line per size).
  const sizes = order.lines.map((line, index) => `${50 + 10 * order.lines.slice(0, index).filter((earlier) => earlier.productId === line.productId).length}ml`);
  let bill = billOf(order.lines.map((line, index) => ({ key: cartIdOf(line.productId, sizes[index]!), amountPaise: line.quantity * line.unitPricePaise })));
  bill = withAdjustment(bill, { kind: 'coupon', label: 'Discount', amountPaise: order.discountPaise ?? 0 });
  bill = withCharge(bill, { kind: 'cod-fee', amountPaise: order.cod?.feePaise ?? 0 });
  const { subtotalPaise, adjustmentsPaise: discountPaise, chargesPaise, totalPaise } = billTotals(bill);
  const { adjustments, charges } = bill;
  const at = (iso: string | undefined) => (iso ? new Date(iso) : null);
  const provider = order.cod ? 'cod' : 'sandbox';
  const providerOrderId = `order_${randomUUID()}`;
  const customer = { name: 'Mira Night', email: 'mira@deosil.test', phone: '9876543210' };
  const snapshot = order.lines.map((line, index) => ({
    productId: line.productId,
    name: `Potion ${line.productId}`,
    slug: `potion-${line.productId}`,
    categoryId: line.categoryId,
    size: sizes[index]!,
    quantity: line.quantity,
    unitPricePaise: line.unitPricePaise,
    lineTotalPaise: line.quantity * line.unitPricePaise,
    image: null,
  }));
  const [checkout] = await db
    .insert(checkouts)
    .values({
      userId: order.userId,
      provider,
      providerOrderId,
      amountPaise: totalPaise,
      subtotalPaise,
      discountPaise,
      lines: snapshot,
      adjustments,
      charges,
      customer,
      shippingAddress: ADDRESS,
      status: 'paid',
      createdAt: order.createdAt,
    })
    .returning({ id: checkouts.id });
  const [row] = await db
    .insert(orders)
    .values({
      orderNumber: `DP-TEST-${randomUUID().slice(0, 8)}`,
      userId: order.userId,
      checkoutId: checkout!.id,
      status: order.status ?? 'pending',
      paymentStatus: order.paymentStatus ?? 'paid',
      paymentProvider: provider,
      paymentMethod: order.cod ? 'cod' : 'card',
      providerOrderId,
      subtotalPaise,
      discountPaise,
      totalPaise,
      adjustments,
      charges,
      chargesPaise,
      ...(order.cod
        ? {
            codConfirmBy: new Date(order.createdAt.getTime() + 24 * 60 * 60 * 1000),
            codConfirmedAt: at(order.cod.confirmedAt),
            codCollectedAt: at(order.cod.collectedAt),
            codReturnedAt: at(order.cod.returnedAt),
          }
        : {}),
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      shippingAddress: ADDRESS,
      createdAt: order.createdAt,
      updatedAt: order.createdAt,
    })
    .returning({ id: orders.id });
  await db.insert(orderItems).values(snapshot.map((line) => ({ ...line, orderId: row!.id })));
  return { id: row!.id, totalPaise };
}

/** Two catalogue products of different categories, for lines that must name real products. */
export async function twoProducts(db: Database): Promise<[{ id: number; categoryId: string }, { id: number; categoryId: string }]> {
  const rows = await db.select({ id: products.id, categoryId: products.categoryId }).from(products);
  const first = rows[0]!;
  const second = rows.find((row) => row.categoryId !== first.categoryId)!;
  return [first, second];
}
