/**
 * The cart's rules, shared by the browser store and the server's quote. Amounts are integer paise.
 */
import type { BillSummary } from './bill-lines.ts';
import { couponLabel, discountPaise, type CouponTerms } from './coupons.ts';

export interface CartLine {
  /** productId + '-' + size: one line per product and size. */
  cartId: string;
  productId: number;
  size: string;
  quantity: number;
  unitPricePaise: number;
}

export interface AppliedCoupon extends CouponTerms {
  code: string;
  name: string;
}

export interface CartTotals {
  itemCount: number;
  subtotalPaise: number;
  discountPaise: number;
  /** Subtotal less discount, never below 0. Shipping is always free, so this is also the total. */
  discountedSubtotalPaise: number;
  isEmpty: boolean;
}

export const MAX_LINE_QUANTITY = 99;

export function cartIdOf(productId: number, size: string): string {
  return `${productId}-${size}`;
}

/** Adds a line, or raises the quantity of the line with the same product and size. */
export function addLine<T extends CartLine>(lines: readonly T[], line: T): T[] {
  const existing = lines.find((entry) => entry.cartId === line.cartId);
  if (!existing) return [...lines, line];
  return lines.map((entry) =>
    entry.cartId === line.cartId ? { ...entry, quantity: Math.min(MAX_LINE_QUANTITY, entry.quantity + line.quantity) } : entry,
  );
}

/** Sets a line's quantity; zero or less removes the line. */
export function setLineQuantity<T extends CartLine>(lines: readonly T[], cartId: string, quantity: number): T[] {
  if (quantity <= 0) return lines.filter((entry) => entry.cartId !== cartId);
  return lines.map((entry) => (entry.cartId === cartId ? { ...entry, quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(quantity)) } : entry));
}

export function removeLine<T extends CartLine>(lines: readonly T[], cartId: string): T[] {
  return lines.filter((entry) => entry.cartId !== cartId);
}

export function subtotalPaiseOf(lines: readonly Pick<CartLine, 'quantity' | 'unitPricePaise'>[]): number {
  return lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
}

export function cartTotals(lines: readonly CartLine[], coupon: AppliedCoupon | null): CartTotals {
  const subtotal = subtotalPaiseOf(lines);
  const discount = coupon ? discountPaise(coupon, subtotal) : 0;
  return {
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPaise: subtotal,
    discountPaise: discount,
    discountedSubtotalPaise: Math.max(0, subtotal - discount),
    isEmpty: lines.length === 0,
  };
}

/** After a line is removed or changed, a coupon whose minimum order is no longer met is dropped. */
export function keepsCoupon(coupon: AppliedCoupon | null, subtotalPaise: number): boolean {
  return coupon !== null && subtotalPaise >= (coupon.minimumOrderPaise ?? 0);
}

/** The cart's bill as the drawer shows it (domain/bill-lines.ts): the coupon as its adjustment, shipping free. */
export function cartBillSummary(totals: CartTotals, coupon: AppliedCoupon | null): BillSummary {
  return {
    subtotalPaise: totals.subtotalPaise,
    adjustments: coupon ? [{ kind: 'coupon', label: couponLabel(coupon.code), amountPaise: totals.discountPaise }] : [],
    charges: [],
    shippingPaise: 0,
    totalPaise: totals.discountedSubtotalPaise,
  };
}
