import type { CartItemInput, CartQuote } from '../../../contracts/cart.ts';
import type { Database } from '../../db/client.ts';
import { codeOfferDto, priceCart, toCartQuote, type Offers } from './cart-pricing.ts';
import type { AppliedCouponDto } from '../../../contracts/festivals.ts';
import { normaliseCouponCode } from '../../../domain/coupons.ts';

export type CodeCheck = { ok: true; coupon: AppliedCouponDto } | { ok: false; status: 404 | 422; message: string };
import { giftWrapped } from '../checkout/gift-wrap.ts';
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

  /**
   * The coupon box: a code is a live promotion's or else a festival's or a personal coupon. A promotion's code is
   * priced with the basket, exactly as the quote and checkout will, so the box refuses it with the same words.
   */
  async checkCode(code: string, orderPaise: number, items: readonly CartItemInput[] | undefined, userId: string | undefined): Promise<CodeCheck> {
    const now = this.clock();
    const normalised = normaliseCouponCode(code);
    const live = await this.offers.promotions.current(now);
    if (!live.some((promotion) => promotion.code === normalised)) return this.offers.festivals.checkCoupon(code, orderPaise, now, userId);
    const priced = await priceCart(this.db, this.offers, items ?? [], normalised, now, userId);
    if (priced.codePromotion) return { ok: true, coupon: codeOfferDto(priced.codePromotion, priced.bill) };
    return { ok: false, status: 422, message: priced.coupon && !priced.coupon.ok ? priced.coupon.message : 'This coupon does not apply to your cart' };
  }
}
