import { billTotals } from '../../../domain/bill.ts';
import { withGiftWrap, type GiftDetails } from '../../../domain/gifts.ts';
import type { GiftOptions } from '../../../contracts/payments.ts';
import type { PricedCart } from '../cart/cart-pricing.ts';

/**
 * The priced basket with gift wrap on its bill when the shopper asked for it (GIFT_WRAP_PRICE): the one step the
 * prepaid and the cash-on-delivery checkouts take after pricing, so the provider's amount, the stored bill and
 * the order all include it.
 */
export function giftWrapped(priced: PricedCart, gift: Pick<GiftDetails, 'wrap'> | undefined, wrapPaise: number): PricedCart {
  const bill = withGiftWrap(priced.bill, gift, wrapPaise);
  return bill === priced.bill ? priced : { ...priced, bill, totalPaise: billTotals(bill).totalPaise };
}

/** What the checkout and the order keep of the gift options: nothing when the order is not a gift at all. */
export function giftDetails(gift: GiftOptions | undefined): GiftDetails | null {
  if (!gift || (!gift.wrap && gift.message === '' && gift.recipientName === '' && gift.recipientEmail === null)) return null;
  return { wrap: gift.wrap, recipientName: gift.recipientName, message: gift.message, ...(gift.recipientEmail ? { recipientEmail: gift.recipientEmail } : {}) };
}
