import type { CartItemInput, CartQuote } from '../../../contracts/cart.ts';
import type { Database } from '../../db/client.ts';
import { priceCart, toCartQuote, type Offers } from './cart-pricing.ts';
import { giftWrapped } from '../orders/gift-wrap.ts';
import { DEFAULT_GIFT_WRAP_PAISE } from '../../../domain/gifts.ts';
import { paiseToRupees } from '../../../domain/money.ts';

/** The cart drawer's quote: today's prices, stock and the coupon for the lines a shopper holds, priced as checkout will. */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly offers: Offers,
    private readonly clock: () => Date,
    /** GIFT_WRAP_PRICE */
    private readonly giftWrapPaise = DEFAULT_GIFT_WRAP_PAISE,
  ) {}

  async quote(items: readonly CartItemInput[], couponCode: string | undefined, userId: string | undefined, giftWrap = false): Promise<CartQuote> {
    const priced = giftWrapped(await priceCart(this.db, this.offers, items, couponCode, this.clock(), userId), { wrap: giftWrap }, this.giftWrapPaise);
    return { ...toCartQuote(priced), giftWrapPrice: paiseToRupees(this.giftWrapPaise) };
  }
}
