import type { CartItemInput, CartQuote } from '../../../contracts/cart.ts';
import type { Database } from '../../db/client.ts';
import { priceCart, toCartQuote, type Offers } from './cart-pricing.ts';

/** The cart drawer's quote: today's prices, stock and the coupon for the lines a shopper holds, priced as checkout will. */
export class CartService {
  constructor(
    private readonly db: Database,
    private readonly offers: Offers,
    private readonly clock: () => Date,
  ) {}

  async quote(items: readonly CartItemInput[], couponCode: string | undefined, userId: string | undefined): Promise<CartQuote> {
    return toCartQuote(await priceCart(this.db, this.offers, items, couponCode, this.clock(), userId));
  }
}
