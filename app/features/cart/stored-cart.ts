/**
 * Reads back the cart saved in localStorage. Written by hand rather than with the zod contracts so the shop's
 * every page does not download a validation library just to check its own saved cart (docs/decisions/0011).
 */
import type { AppliedCoupon, CartLine } from '../../../domain/cart.ts';

export interface StoredCartItem extends CartLine {
  slug: string;
  name: string;
  image: string;
  addedAt: string;
}

/** A gift card waiting in the cart, as its buyer chose it (amount in rupees, the day as YYYY-MM-DD). */
export interface CartGiftCard {
  id: string;
  amount: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  deliverOn: string;
}

export interface StoredCart {
  items: StoredCartItem[];
  appliedCoupon: AppliedCoupon | null;
  giftCards: CartGiftCard[];
}

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInteger = (value: unknown, min: number): value is number => Number.isInteger(value) && (value as number) >= min;
const isOptionalNumber = (value: unknown): value is number | null | undefined => value == null || isNumber(value);

function readItem(value: unknown): StoredCartItem | null {
  if (!isRecord(value)) return null;
  const { cartId, productId, size, quantity, unitPricePaise, slug, name, image, addedAt } = value;
  if (!isString(cartId) || !isInteger(productId, 1) || !isString(size) || size.length === 0) return null;
  if (!isInteger(quantity, 1) || !isInteger(unitPricePaise, 0)) return null;
  if (!isString(slug) || !isString(name) || !isString(image) || !isString(addedAt)) return null;
  return { cartId, productId, size, quantity, unitPricePaise, slug, name, image, addedAt };
}

function readGiftCard(value: unknown): CartGiftCard | null {
  if (!isRecord(value)) return null;
  const { id, amount, recipientName, recipientEmail, message, deliverOn } = value;
  if (!isString(id) || !isInteger(amount, 1) || !isString(recipientName) || !isString(recipientEmail) || !isString(message) || !isString(deliverOn)) return null;
  return { id, amount, recipientName, recipientEmail, message, deliverOn };
}

function readCoupon(value: unknown): AppliedCoupon | null | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { code, name, type, value: amount, maxDiscountPaise, minimumOrderPaise } = value;
  if (!isString(code) || !isString(name) || (type !== 'percentage' && type !== 'fixed') || !isNumber(amount)) return undefined;
  if (!isOptionalNumber(maxDiscountPaise) || !isOptionalNumber(minimumOrderPaise)) return undefined;
  return {
    code,
    name,
    type,
    value: amount,
    ...(maxDiscountPaise === undefined ? {} : { maxDiscountPaise }),
    ...(minimumOrderPaise === undefined ? {} : { minimumOrderPaise }),
  };
}

/** The saved cart with only the fields the shop wrote, or null when any part of it is not what the shop writes. */
export function readStoredCart(value: unknown): StoredCart | null {
  if (!isRecord(value) || !Array.isArray(value.items)) return null;
  const items: StoredCartItem[] = [];
  for (const entry of value.items) {
    const item = readItem(entry);
    if (!item) return null;
    items.push(item);
  }
  const appliedCoupon = readCoupon(value.appliedCoupon);
  if (appliedCoupon === undefined) return null;
  // Carts saved before gift cards were sold have none.
  const giftCards: CartGiftCard[] = [];
  for (const entry of Array.isArray(value.giftCards) ? value.giftCards : []) {
    const card = readGiftCard(entry);
    if (!card) return null;
    giftCards.push(card);
  }
  return { items, appliedCoupon, giftCards };
}
