import { z } from 'zod';
import { text } from './fields.ts';
import { stateByName } from '../domain/india-states.ts';
import { pinStateError, shippingFieldError, type ShippingField } from '../domain/shipping-details.ts';
import { displayMobile } from '../domain/phone.ts';
import { businessBuyerError } from '../domain/tax-registration.ts';
import { cartItemInputSchema, MAX_CART_LINES } from './cart.ts';
import { couponCodeSchema } from './festivals.ts';
import { orderSchema } from './orders.ts';
import { balancePaymentSchema } from './balances.ts';
import { giftCardPurchasesSchema } from './gift-card-sales.ts';
import { GIFT_MESSAGE_MAX, GIFT_RECIPIENT_MAX, giftTextProblem, normaliseGiftMessage } from '../domain/gifts.ts';

/** A gift text checked by the card's rule (domain/gifts.ts): its length, and nothing a card cannot print. */
function giftText(field: string, what: string, max: number, normalise: (value: string) => string) {
  return text({ error: `${field} must be text` })
    .transform(normalise)
    .superRefine((value, context) => {
      const message = giftTextProblem(value, max, what);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

/** "This is a gift": wrapped or not, the recipient's name on the parcel and a message on a card. */
export const giftOptionsSchema = z.object({
  wrap: z.boolean({ error: 'gift.wrap must be true or false' }).default(false),
  recipientName: giftText('gift.recipientName', "The recipient's name", GIFT_RECIPIENT_MAX, (value) => value.trim()).default(''),
  message: giftText('gift.message', 'The gift message', GIFT_MESSAGE_MAX, normaliseGiftMessage).default(''),
  /** "E-mail them a gift receipt when it ships": the recipient's address, or null for no receipt. */
  recipientEmail: z.preprocess((value) => (value === '' ? null : value), shippingText('email').transform((email) => email.toLowerCase()).nullable()).default(null),
});
export type GiftOptions = z.infer<typeof giftOptionsSchema>;

/** A text field checked by the checkout form's own rule, so the server and the form say the same words. */
export function shippingText(field: ShippingField) {
  return text({ error: `${field} must be text` })
    .trim()
    .superRefine((value, context) => {
      const message = shippingFieldError(field, value);
      if (message) context.addIssue({ code: 'custom', message });
    });
}

export const customerInfoSchema = z.object({
  name: text({ error: 'name must be text' }).trim().min(1, { error: 'Name is required' }).max(120, { error: 'name must be at most 120 characters' }),
  email: shippingText('email').transform((email) => email.toLowerCase()),
  // Couriers read it as '+91 98765 43210' however the shopper typed it.
  phone: shippingText('phone').transform(displayMobile),
});

/**
 * An Indian address: the state is one of the states and union territories (stored under its own name, so
 * 'karnataka' is kept as 'Karnataka') and the PIN code belongs to it.
 */
export const shippingAddressSchema = z
  .object({
    street: shippingText('street'),
    city: shippingText('city'),
    state: shippingText('state').transform((state) => stateByName(state)?.name ?? state),
    zipCode: shippingText('zipCode'),
    country: shippingText('country'),
  })
  .superRefine((address, context) => {
    const message = pinStateError(address.zipCode, address.state);
    if (message) context.addIssue({ code: 'custom', message, path: ['zipCode'] });
  });
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** A registered business buying for itself: its GSTIN and legal name go on the tax invoice. */
export const businessBuyerSchema = z.object({
  gstin: text({ error: 'business.gstin must be text' })
    .trim()
    .transform((gstin) => gstin.toUpperCase().replace(/\s+/g, '')),
  legalName: text({ error: 'business.legalName must be text' }).trim(),
});

/** Only what the shopper chose: prices, discounts and totals are the server's to work out. */
export const createPaymentOrderBodySchema = z
  .object({
    /** Empty only when gift cards alone are bought (checked below). */
    items: z.array(cartItemInputSchema, { error: 'items must be a list' }).max(MAX_CART_LINES, { error: `A cart holds at most ${MAX_CART_LINES} lines` }),
    couponCode: couponCodeSchema.optional(),
    customerInfo: customerInfoSchema,
    /** Where the potions go: required with them, left out when gift cards alone are bought. */
    shippingAddress: shippingAddressSchema.optional(),
    business: businessBuyerSchema.optional(),
    gift: giftOptionsSchema.optional(),
    ...balancePaymentSchema,
    /** Gift cards bought beside the basket, e-mailed to their recipients (paid online only). */
    giftCards: giftCardPurchasesSchema.optional(),
  })
  .superRefine((body, context) => {
    const refuse = (path: string[], message: string) => context.addIssue({ code: 'custom', message, path });
    if (body.items.length === 0) {
      if (!body.giftCards?.length) return refuse(['items'], 'Your cart is empty');
      for (const [field, message] of giftCardsOnlyProblems(body)) refuse([field], message);
      return;
    }
    if (!body.shippingAddress) return refuse(['shippingAddress'], 'A shipping address is required for potions');
    if (!body.business) return;
    const problem = businessBuyerError(body.business, body.shippingAddress.state);
    if (problem) refuse(['business', problem.field], problem.message);
  });

/**
 * What a checkout of gift cards alone may not carry (decision 0083): nothing goes by courier, nothing is billed to
 * take a coupon or a wrap, no tax invoice names a business (a voucher's sale is not a supply, Circular
 * 243/37/2024-GST), and balances never buy cards (decision 0074).
 */
function giftCardsOnlyProblems(body: {
  shippingAddress?: unknown;
  couponCode?: string | undefined;
  gift?: unknown;
  business?: unknown;
  giftCardCodes?: readonly string[] | undefined;
  useStoreCredit?: boolean | undefined;
}): [string, string][] {
  const problems: [string, string][] = [];
  if (body.shippingAddress) problems.push(['shippingAddress', 'A gift card is e-mailed: leave out the shipping address when you buy gift cards alone']);
  if (body.couponCode) problems.push(['couponCode', 'A coupon takes money off potions, not off gift cards']);
  if (body.gift) problems.push(['gift', 'Gift wrap and a parcel message are for potions: each gift card carries its own message']);
  if (body.business) problems.push(['business', 'A gift card has no tax invoice: buying one is not a supply of goods']);
  if (body.giftCardCodes?.length) problems.push(['giftCardCodes', 'Gift cards are bought with money, never with another gift card']);
  if (body.useStoreCredit) problems.push(['useStoreCredit', 'Gift cards are bought with money, never with store credit']);
  return problems;
}
export type CreatePaymentOrderBody = z.infer<typeof createPaymentOrderBodySchema>;

export const PAYMENT_PROVIDERS = ['razorpay', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const createPaymentOrderResponseSchema = z.object({
  success: z.literal(true),
  razorpayOrder: z.object({ id: text(), amount: z.number().int(), currency: z.literal('INR') }),
  key: text(),
  /** 'balances': gift cards and store credit paid it all, no payment window opens, and `order` is the order placed. */
  provider: z.enum([...PAYMENT_PROVIDERS, 'balances']),
  /** The totals the server charged, in rupees, for the Review and Payment steps to show. */
  amount: z.number(),
  activeOffers: z.array(text()),
  /** What gift cards and store credit pay of `amount`; Razorpay collects the rest (`razorpayOrder.amount`, in paise). */
  balances: z.number().optional(),
  /** Gift cards bought with the order, collected on top of `amount` (no part of its bill or its tax). */
  giftCards: z.number().optional(),
  order: orderSchema.optional(),
});
export type CreatePaymentOrderResponse = z.infer<typeof createPaymentOrderResponseSchema>;

/** What Razorpay Checkout (or the sandbox dialog) hands the browser after a successful payment. */
export const paymentConfirmationSchema = z.object({
  razorpay_order_id: text({ error: 'razorpay_order_id is required' }).trim().min(1, { error: 'razorpay_order_id is required' }).max(64),
  razorpay_payment_id: text({ error: 'razorpay_payment_id is required' }).trim().min(1, { error: 'razorpay_payment_id is required' }).max(64),
  razorpay_signature: text({ error: 'razorpay_signature is required' }).trim().min(1, { error: 'razorpay_signature is required' }).max(256),
});
export type PaymentConfirmation = z.infer<typeof paymentConfirmationSchema>;

export const verifyPaymentResponseSchema = z.object({
  success: z.literal(true),
  message: text(),
  order: orderSchema,
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** The shopper closed the payment window: give the units their checkout set aside back at once. */
export const releaseHoldBodySchema = z.object({
  razorpay_order_id: text({ error: 'razorpay_order_id is required' }).trim().min(1, { error: 'razorpay_order_id is required' }).max(64),
});
export type ReleaseHoldBody = z.infer<typeof releaseHoldBodySchema>;
/** `released`: whether this call gave units back (false when the hold had already ended: paid, failed, expired or released). */
export const releaseHoldResponseSchema = z.object({ success: z.literal(true), released: z.boolean() });
export type ReleaseHoldResponse = z.infer<typeof releaseHoldResponseSchema>;

export const sandboxPayBodySchema = z.object({
  razorpay_order_id: text({ error: 'razorpay_order_id is required' }).trim().min(1, { error: 'razorpay_order_id is required' }).max(64),
  outcome: z.enum(['success', 'failure'], { error: 'outcome must be success or failure' }),
});

/** A successful sandbox payment, or a failure shaped like Razorpay's `payment.failed` error. */
export const sandboxPayResponseSchema = z.union([
  paymentConfirmationSchema.extend({ success: z.literal(true) }),
  z.object({
    success: z.literal(false),
    error: z.object({ code: text(), description: text(), source: text(), step: text(), reason: text(), metadata: z.object({ order_id: text(), payment_id: text() }) }),
  }),
]);
export type SandboxPayResponse = z.infer<typeof sandboxPayResponseSchema>;

/** A webhook Razorpay sent: acted on, already seen (by its event id), or not one the shop acts on. */
export const webhookResponseSchema = z.object({ success: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) });
