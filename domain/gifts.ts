/**
 * A gift order: wrapped (a charge on the bill), with a message and the recipient's name for the parcel. The
 * invoice still goes to the buyer; the packing slip prints the message and no prices. Pure.
 */
import { withCharge, type Bill } from './bill.ts';

export const GIFT_MESSAGE_MAX = 250;
export const GIFT_RECIPIENT_MAX = 80;
/** ₹99: the default price of gift wrap (GIFT_WRAP_PRICE). */
export const DEFAULT_GIFT_WRAP_PAISE = 99_00;

/** What the shopper chose at checkout, as stored on the checkout and the order for the slip and the e-mails. */
export interface GiftDetails {
  wrap: boolean;
  recipientName: string;
  message: string;
  /**
   * Where the gift receipt goes when the order ships (what is in the parcel and the message, never a price);
   * absent when the buyer did not ask for one.
   */
  recipientEmail?: string | null;
}

/**
 * Characters a printed card cannot show or that would hide what it says: control characters (a line break is
 * allowed: a card has lines) and the bidirectional overrides that reorder the text around them.
 */
const UNPRINTABLE = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Why a gift text cannot go on the card, or null. */
export function giftTextProblem(text: string, max: number, what: string): string | null {
  if (UNPRINTABLE.test(text)) return `${what} may not contain control characters`;
  if ([...text].length > max) return `${what} must be at most ${max} characters`;
  return null;
}

/** Line breaks as one kind, and no blank lines at either end. */
export function normaliseGiftMessage(message: string): string {
  return message.replace(/\r\n?/g, '\n').trim();
}

/** How long a message is on the card: its characters once normalised, as giftTextProblem counts them. */
export function giftMessageLength(message: string): number {
  return [...normaliseGiftMessage(message)].length;
}

/** The bill with the gift wrap charged, when the shopper asked for it (taxed with the goods, decision 0048). */
export function withGiftWrap(bill: Bill, gift: Pick<GiftDetails, 'wrap'> | null | undefined, wrapPaise: number): Bill {
  return gift?.wrap && wrapPaise > 0 && bill.lines.length > 0 ? withCharge(bill, { kind: 'gift-wrap', amountPaise: wrapPaise }) : bill;
}
