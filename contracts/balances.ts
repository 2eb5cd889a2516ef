import { z } from 'zod';
import { parsedBy, serialId, text } from './fields.ts';
import { emailSchema } from './auth.ts';
import { MAX_GIFT_CARDS_PER_CHECKOUT, normaliseGiftCardCode } from '../domain/balances.ts';

/**
 * Gift cards and store credit (domain/balances.ts): checking a card's balance, the shopper's own balances, and the
 * back office's issue, void, lookup and goodwill credit. Amounts in rupees, as the rest of the API speaks.
 */

export const GIFT_CARD_CODE_MESSAGE = 'A gift card code is 16 letters and digits, as printed on the card';

/** A code as typed (spaces and dashes allowed), checked for its shape and given back normalised. */
export function giftCardCodeSchema(field: string) {
  return text({ error: `${field} must be text` })
    .max(40, { error: GIFT_CARD_CODE_MESSAGE })
    .transform(parsedBy(normaliseGiftCardCode, GIFT_CARD_CODE_MESSAGE));
}

/** What a checkout pays with besides Razorpay: gift card codes in the order to use them, and the shopper's store credit. */
export const balancePaymentSchema = {
  giftCardCodes: z
    .array(giftCardCodeSchema('giftCardCodes'), { error: 'giftCardCodes must be a list of codes' })
    .max(MAX_GIFT_CARDS_PER_CHECKOUT, { error: `At most ${MAX_GIFT_CARDS_PER_CHECKOUT} gift cards pay for one order` })
    .refine((codes) => new Set(codes).size === codes.length, { error: 'The same gift card is given twice' })
    .optional(),
  useStoreCredit: z.boolean({ error: 'useStoreCredit must be true or false' }).optional(),
};

const wholeRupees = (field: string) =>
  z
    .number({ error: `${field} must be an amount in rupees` })
    .int({ error: `${field} must be a whole number of rupees` })
    .min(1, { error: `${field} must be more than 0` });

export const giftCardCheckBodySchema = z.object({ code: giftCardCodeSchema('code') });

export const giftCardSummarySchema = z.object({
  id: z.number().int(),
  lastFour: text(),
  balance: z.number(),
  initial: z.number(),
  status: z.enum(['active', 'void', 'expired']),
  expiresAt: text(),
});
export type GiftCardSummary = z.infer<typeof giftCardSummarySchema>;

export const giftCardCheckResponseSchema = z.object({ success: z.literal(true), giftCard: giftCardSummarySchema });

export const balanceEntrySchema = z.object({
  amount: z.number(),
  balanceAfter: z.number(),
  reason: text(),
  note: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: text(),
});

export const myBalancesResponseSchema = z.object({
  success: z.literal(true),
  storeCredit: z.object({ balance: z.number(), history: z.array(balanceEntrySchema) }),
});
export type MyBalancesResponse = z.infer<typeof myBalancesResponseSchema>;

/** An admin issues a card by hand: its amount, who it is for, and why. */
export const issueGiftCardBodySchema = z.object({
  amount: wholeRupees('amount'),
  recipientName: text({ error: 'recipientName must be text' }).trim().min(1, { error: 'recipientName is required' }).max(80, { error: 'recipientName must be at most 80 characters' }),
  recipientEmail: emailSchema,
  reason: text({ error: 'reason must be text' }).trim().min(3, { error: 'reason must say why (3 characters or more)' }).max(300, { error: 'reason must be at most 300 characters' }),
});
export type IssueGiftCardBody = z.infer<typeof issueGiftCardBodySchema>;

export const adminGiftCardSchema = giftCardSummarySchema.extend({
  recipientName: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: text(),
  history: z.array(balanceEntrySchema),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

/** The one time the whole code is shown: in the answer to the admin who issued it (it is also e-mailed). */
export const issueGiftCardResponseSchema = z.object({ success: z.literal(true), giftCard: adminGiftCardSchema, code: text() });

export const giftCardIdParamsSchema = z.object({ id: serialId('id must be a gift card id', { digits: true }) });

export const voidGiftCardBodySchema = z.object({
  reason: text({ error: 'reason must be text' }).trim().min(3, { error: 'reason must say why (3 characters or more)' }).max(300, { error: 'reason must be at most 300 characters' }),
});

/** Look a card up by its whole code (from the customer) or by its last four (several may match). */
export const giftCardLookupQuerySchema = z
  .object({
    code: giftCardCodeSchema('code').optional(),
    lastFour: text({ error: 'lastFour must be text' })
      .trim()
      .toUpperCase()
      .regex(/^[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{4}$/, { error: 'lastFour is the last 4 letters and digits of the code' })
      .optional(),
  })
  .refine((query) => query.code !== undefined || query.lastFour !== undefined, { error: 'Give the code or its last 4 letters and digits', path: ['code'] });

export const adminGiftCardResponseSchema = z.object({ success: z.literal(true), giftCard: adminGiftCardSchema });
export const adminGiftCardsResponseSchema = z.object({ success: z.literal(true), giftCards: z.array(adminGiftCardSchema) });

/** Goodwill credit: to whom (their e-mail), how much, and why. */
export const grantStoreCreditBodySchema = z.object({
  email: emailSchema,
  amount: wholeRupees('amount'),
  reason: text({ error: 'reason must be text' }).trim().min(3, { error: 'reason must say why (3 characters or more)' }).max(300, { error: 'reason must be at most 300 characters' }),
});
export const grantStoreCreditResponseSchema = z.object({ success: z.literal(true), balance: z.number() });
