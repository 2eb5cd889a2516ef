import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { addLine, cartIdOf, keepsCoupon, removeLine, setLineQuantity, subtotalPaiseOf, type AppliedCoupon, type CartLine } from '../../../domain/cart.ts';
import { defaultSizeOf } from '../../../domain/catalogue.ts';
import { track } from '../consent/index.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { CartQuote, LineProblem } from '../../../contracts/cart.ts';
import type { Product } from '../../../contracts/products.ts';
import { sizePricePaise } from '../../../domain/catalogue.ts';
import { readStoredCart, type CartGiftCard } from './stored-cart.ts';

export type { CartGiftCard };

export interface CartItem extends CartLine {
  slug: string;
  name: string;
  image: string;
  addedAt: string;
  /** Set by the last server quote: the unit price moved since the potion was added. */
  priceChanged?: boolean;
  /** Set by the last server quote: why this line cannot be bought now. */
  problem?: LineProblem | null;
}

interface CartState {
  /** False until the saved cart has been read back after hydration. */
  restored: boolean;
  items: CartItem[];
  isOpen: boolean;
  appliedCoupon: AppliedCoupon | null;
  /** Gift cards to buy with the order: e-mailed to their recipients, paid online beside the potions. */
  giftCards: CartGiftCard[];
  addGiftCard(card: Omit<CartGiftCard, 'id'>): void;
  removeGiftCard(id: string): void;
  addItem(product: Pick<Product, 'id' | 'slug' | 'name' | 'mainImage' | 'price' | 'sizes'>, options?: { size?: string; quantity?: number }): void;
  updateQuantity(cartId: string, quantity: number): void;
  removeItem(cartId: string): void;
  clearCart(): void;
  openCart(): void;
  closeCart(): void;
  toggleCart(): void;
  applyCoupon(coupon: AppliedCoupon): void;
  removeCoupon(): void;
  /** Takes prices and availability from a server quote, which is the truth. */
  applyQuote(quote: CartQuote): void;
}

export const CART_STORAGE_KEY = 'mystical-cart';
const CART_STORAGE_VERSION = 1;

/** Drops the coupon when a change takes the subtotal below its minimum order. */
function withCouponCheck(items: CartItem[], coupon: AppliedCoupon | null): Pick<CartState, 'items' | 'appliedCoupon'> {
  return { items, appliedCoupon: keepsCoupon(coupon, subtotalPaiseOf(items)) ? coupon : null };
}

export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      restored: false,
      items: [],
      isOpen: false,
      appliedCoupon: null,
      giftCards: [],
      addGiftCard: (card) => set((state) => ({ giftCards: [...state.giftCards, { ...card, id: `${Date.now().toString(36)}-${state.giftCards.length}` }] })),
      removeGiftCard: (id) => set((state) => ({ giftCards: state.giftCards.filter((card) => card.id !== id) })),
      addItem: (product, options = {}) =>
        set((state) => {
          const size = options.size ?? defaultSizeOf(product.sizes);
          const line: CartItem = {
            cartId: cartIdOf(product.id, size),
            productId: product.id,
            size,
            quantity: Math.max(1, Math.floor(options.quantity ?? 1)),
            unitPricePaise: product.sizes.length ? sizePricePaise(product, size) : rupeesToPaise(product.price),
            slug: product.slug,
            name: product.name,
            image: product.mainImage,
            addedAt: new Date().toISOString(),
          };
          track('add_to_cart', [{ id: line.productId, name: line.name, size: line.size, price: line.unitPricePaise / 100, quantity: line.quantity }]);
          return { items: addLine(state.items, line) };
        }),
      updateQuantity: (cartId, quantity) => set((state) => withCouponCheck(setLineQuantity(state.items, cartId, quantity), state.appliedCoupon)),
      removeItem: (cartId) => set((state) => withCouponCheck(removeLine(state.items, cartId), state.appliedCoupon)),
      clearCart: () => set({ items: [], appliedCoupon: null, giftCards: [] }),
      openCart: () => set({ isOpen: true }),
      closeCart: () => set({ isOpen: false }),
      toggleCart: () => set((state) => ({ isOpen: !state.isOpen })),
      applyCoupon: (coupon) => set({ appliedCoupon: coupon }),
      removeCoupon: () => set({ appliedCoupon: null }),
      applyQuote: (quote) =>
        set((state) => {
          const byId = new Map(quote.lines.map((line) => [cartIdOf(line.productId, line.size), line]));
          const items = state.items.map((item) => {
            const line = byId.get(item.cartId);
            if (!line) return item;
            const serverPrice = rupeesToPaise(line.unitPrice);
            const known = line.problem !== 'unknown-product' && line.problem !== 'unknown-size';
            return {
              ...item,
              unitPricePaise: known ? serverPrice : item.unitPricePaise,
              priceChanged: known && (serverPrice !== item.unitPricePaise || Boolean(item.priceChanged)),
              problem: line.problem,
              name: line.name ?? item.name,
              image: line.image ?? item.image,
            };
          });
          return { items };
        }),
    }),
    {
      name: CART_STORAGE_KEY,
      version: CART_STORAGE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        items: state.items.map(({ priceChanged: _changed, problem: _problem, ...item }) => item),
        appliedCoupon: state.appliedCoupon,
        giftCards: state.giftCards,
      }),
      // Restored in the browser after hydration, so the server-rendered page and the first render agree.
      skipHydration: true,
      // A cart saved by an older version of the shop is not trusted: it starts empty.
      migrate: () => ({ items: [], appliedCoupon: null, giftCards: [] }),
      merge: (persisted, current) => {
        const stored = readStoredCart(persisted);
        return stored ? { ...current, ...stored } : current;
      },
    },
  ),
);

/** Restores the saved cart; a cart that cannot be read starts empty instead of breaking the page. */
export async function restoreCart(): Promise<void> {
  try {
    await useCartStore.persist.rehydrate();
  } catch {
    useCartStore.setState({ items: [], appliedCoupon: null, giftCards: [] });
  }
  useCartStore.setState({ restored: true });
}
