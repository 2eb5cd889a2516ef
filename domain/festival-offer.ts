/**
 * What a festival's coupon gives, in a few words, for the places with no room for the festival's own description
 * (the home banner on a phone): '15% off orders of ₹1,999 or more, up to ₹750'.
 */
import { formatPaiseBrief, rupeesToPaise } from './money.ts';

export interface FestivalOffer {
  couponType: 'percentage' | 'fixed';
  /** The percent for a percentage coupon, the rupee amount for a fixed one. */
  discountPercentage: number;
  maxDiscountAmount: number | null;
  minimumOrderAmount: number;
}

const rupees = (amount: number) => formatPaiseBrief(rupeesToPaise(amount));

export function festivalOfferText(offer: FestivalOffer): string {
  const off = offer.couponType === 'percentage' ? `${offer.discountPercentage}% off` : `${rupees(offer.discountPercentage)} off`;
  const from = offer.minimumOrderAmount > 0 ? ` orders of ${rupees(offer.minimumOrderAmount)} or more` : '';
  const cap = offer.couponType === 'percentage' && offer.maxDiscountAmount ? `, up to ${rupees(offer.maxDiscountAmount)}` : '';
  return `${off}${from}${cap}`;
}
