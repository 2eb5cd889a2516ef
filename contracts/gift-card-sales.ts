import { z } from 'zod';
import { text } from './fields.ts';
import { emailSchema } from './auth.ts';
import { adminGiftCardSchema } from './balances.ts';
import { MAX_GIFT_CARDS_PER_CHECKOUT } from '../domain/balances.ts';
import { giftCardMessageProblem, giftCardPurchaseAmountProblem, giftCardRecipientProblem } from '../domain/gift-card-sale.ts';
import { normaliseGiftMessage } from '../domain/gifts.ts';

/** A text checked by a rule of domain/gift-card-sale.ts, so the form and the server say the same words. */
function checkedText(field: string, problem: (value: string) => string | null, normalise: (value: string) => string) {
  return text({ error: `${field} must be text` })
    .transform(normalise)
    .superRefine((value, context) => {
      const message = problem(value);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

/**
 * A gift card bought at checkout beside (or instead of) potions: its amount in rupees, who it is for, a message
 * and the day it is e-mailed (YYYY-MM-DD, shop time; the server refuses a day already past).
 */
export const giftCardPurchaseSchema = z.object({
  amount: z.number({ error: 'amount must be an amount in rupees' }).superRefine((amount, context) => {
    const message = giftCardPurchaseAmountProblem(amount);
    if (message) context.addIssue({ code: 'custom', message });
  }),
  recipientName: checkedText('recipientName', giftCardRecipientProblem, (value) => value.trim()),
  recipientEmail: emailSchema,
  message: checkedText('message', giftCardMessageProblem, normaliseGiftMessage).default(''),
  deliverOn: text({ error: 'deliverOn must be a date (YYYY-MM-DD)' }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The delivery date must be a date (YYYY-MM-DD)' }),
});
export type GiftCardPurchaseInput = z.infer<typeof giftCardPurchaseSchema>;

export const giftCardPurchasesSchema = z
  .array(giftCardPurchaseSchema, { error: 'giftCards must be a list' })
  .max(MAX_GIFT_CARDS_PER_CHECKOUT, { error: `At most ${MAX_GIFT_CARDS_PER_CHECKOUT} gift cards in one order` });

/** A card bought with an order, as its buyer sees it: never the code, only its last four once it is issued. */
export const orderGiftCardSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  recipientName: text(),
  recipientEmail: text(),
  message: z.string(),
  deliverOn: text(),
  lastFour: z.string().nullable(),
  /**
   * 'awaiting-payment' until the order is paid; 'scheduled' until its e-mail leaves on `deliverOn`; then 'sent'.
   * 'cancelled': the shop voided the card before its e-mail left, so the e-mail never goes.
   */
  delivery: z.enum(['awaiting-payment', 'scheduled', 'sent', 'failed', 'cancelled']),
  sentAt: z.string().nullable(),
  /** The card (its balance account) once issued: what the back office refunds it by. */
  cardId: z.number().int().nullable(),
  /** When the shop refunded it unspent to the buyer's payment (decision 0088); it is cancelled since. */
  refundedAt: z.string().nullable(),
});
export type OrderGiftCard = z.infer<typeof orderGiftCardSchema>;

export const orderGiftCardsResponseSchema = z.object({ success: z.literal(true), giftCards: z.array(orderGiftCardSchema) });
export type OrderGiftCardsResponse = z.infer<typeof orderGiftCardsResponseSchema>;

/** A card refunded: the card as the back office now sees it (cancelled), the provider's refund and what was said. */
export const giftCardRefundResponseSchema = z.object({ success: z.literal(true), message: text(), refundId: text(), giftCard: adminGiftCardSchema });
export type GiftCardRefundResponse = z.infer<typeof giftCardRefundResponseSchema>;
