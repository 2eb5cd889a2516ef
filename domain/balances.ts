/**
 * Balances a shopper can pay with: gift cards (a code anyone holding it may spend) and store credit (an account's
 * own). Paying with either is a means of payment, a tender, never an adjustment of the bill: the invoice's lines,
 * adjustments, charges and their GST split are the same however the total is paid (docs/decisions/0067). Amounts
 * are integer paise. Pure.
 */
import { formatPaise, formatRupees, rupeesToPaise } from './money.ts';

/**
 * The letters a gift card code is made of: digits and capitals without 0, 1, I and O, which people misread. 32
 * symbols, so each carries 5 bits and a 16-symbol code 80 bits: far beyond guessing, even offline against the
 * stored hashes, and short enough to type from an e-mail.
 */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;

/** Gift cards are sold and issued from ₹500 to ₹10,000 (whole rupees). */
export const GIFT_CARD_MIN_PAISE = 500_00;
export const GIFT_CARD_MAX_PAISE = 10_000_00;
/** A gift card lasts at least a year (GIFT_CARD_VALIDITY_MONTHS may make it longer). */
export const GIFT_CARD_MIN_VALIDITY_MONTHS = 12;
/** The reminder that a card with money left is about to expire goes this many days before. */
export const GIFT_CARD_REMINDER_DAYS = 30;
/** A store-credit grant or a gift card issued by hand is at most this (a typo guard, not a policy). */
export const BALANCE_GRANT_MAX_PAISE = 1_00_000_00;
/** How many gift cards one checkout may pay with. */
export const MAX_GIFT_CARDS_PER_CHECKOUT = 5;
/** Razorpay refuses orders under ₹1, so what it collects is nothing or at least this. */
export const MINIMUM_COLLECTED_PAISE = 100;

/**
 * A fresh code from `randomBytes` (the caller passes node:crypto's): each byte's low 5 bits pick a symbol, so
 * every symbol is equally likely (256 is a multiple of 32).
 */
export function giftCardCodeFrom(randomBytes: (size: number) => Uint8Array): string {
  const bytes = randomBytes(GIFT_CARD_CODE_LENGTH);
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) code += GIFT_CARD_ALPHABET[bytes[index]! & 31];
  return code;
}

/** The code as printed: four groups of four, 'ABCD-EFGH-JKLM-NPQR'. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * The code a shopper typed, as stored: spaces and dashes dropped, capitals; null when it cannot be a code (wrong
 * length or a letter the alphabet has not), so a typo is told apart from a code that does not exist.
 */
export function normaliseGiftCardCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const symbol of code) if (!GIFT_CARD_ALPHABET.includes(symbol)) return null;
  return code;
}

/** The only part of a code the shop ever shows again: its last four symbols. */
export function lastFourOf(code: string): string {
  return code.slice(-4);
}

/** How people read a card without its code: 'Gift card ••••WXYZ'. */
export function giftCardLabel(lastFour: string): string {
  return `Gift card ••••${lastFour}`;
}

/** Why an amount cannot be a gift card's, or null: whole rupees from ₹500 to ₹10,000. */
export function giftCardAmountProblem(paise: number): string | null {
  if (!Number.isSafeInteger(paise) || paise % 100 !== 0) return 'A gift card is a whole number of rupees';
  if (paise < GIFT_CARD_MIN_PAISE || paise > GIFT_CARD_MAX_PAISE) return 'A gift card is from ₹500 to ₹10,000';
  return null;
}

/** When a card issued at `issuedAt` expires: the same moment `months` later (clamped to the month's last day). */
export function giftCardExpiry(issuedAt: Date, months: number): Date {
  if (!Number.isInteger(months) || months < GIFT_CARD_MIN_VALIDITY_MONTHS) throw new RangeError(`A gift card lasts at least ${GIFT_CARD_MIN_VALIDITY_MONTHS} months`);
  const expiry = new Date(issuedAt.getTime());
  const day = expiry.getUTCDate();
  expiry.setUTCDate(1);
  expiry.setUTCMonth(expiry.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(expiry.getUTCFullYear(), expiry.getUTCMonth() + 1, 0)).getUTCDate();
  expiry.setUTCDate(Math.min(day, lastDay));
  return expiry;
}

/** When the reminder of a card expiring at `expiresAt` is due. */
export function reminderDueAt(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() - GIFT_CARD_REMINDER_DAYS * 24 * 60 * 60 * 1000);
}

/** A balance the shopper offered to pay with, and what is on it now. */
export interface BalanceSource {
  accountId: number;
  availablePaise: number;
}

/** What one balance pays of a checkout. */
export interface Tender {
  accountId: number;
  amountPaise: number;
}

export interface TenderPlan {
  tenders: Tender[];
  /** What the balances pay in all. */
  balancesPaise: number;
  /** What is left for Razorpay or cash on delivery to collect: nothing, or at least ₹1. */
  collectPaise: number;
}

/**
 * Pays `totalPaise` from the balances in the order given (the gift cards in the order typed, then store credit),
 * each as much as it holds, until nothing is left. What remains is collected by the provider; since it cannot
 * collect less than ₹1, a remainder of a few paise is made ₹1 by taking that much less from the last balance
 * used (which keeps it). Never takes more than a balance holds or than the total.
 */
export function planTenders(totalPaise: number, sources: readonly BalanceSource[]): TenderPlan {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError(`${totalPaise} is not an amount in paise`);
  const tenders: Tender[] = [];
  let left = totalPaise;
  for (const source of sources) {
    if (left === 0) break;
    const amountPaise = Math.min(Math.max(0, Math.floor(source.availablePaise)), left);
    if (amountPaise === 0) continue;
    tenders.push({ accountId: source.accountId, amountPaise });
    left -= amountPaise;
  }
  if (left > 0 && left < MINIMUM_COLLECTED_PAISE) {
    let short = MINIMUM_COLLECTED_PAISE - left;
    for (let index = tenders.length - 1; index >= 0 && short > 0; index -= 1) {
      const giveBack = Math.min(short, tenders[index]!.amountPaise);
      tenders[index] = { ...tenders[index]!, amountPaise: tenders[index]!.amountPaise - giveBack };
      short -= giveBack;
      left += giveBack;
    }
  }
  const kept = tenders.filter((tender) => tender.amountPaise > 0);
  return { tenders: kept, balancesPaise: totalPaise - left, collectPaise: left };
}

/** What a refund gives back to each place the order's money came from. */
export interface RefundSplit {
  /** Back through the provider (or by transfer, for cash collected on delivery). */
  collectedPaise: number;
  /** Back onto each balance, by account. */
  balances: Tender[];
}

/**
 * Where a refund of `refundPaise` goes (docs/decisions/0068): first back the way the provider or the courier
 * collected it, up to what they collected and has not been given back yet, since that was the shopper's money;
 * then onto the balances that paid, the last one used first, each up to what it paid and has not had back.
 * Never more than was paid: a refund larger than what is left to give back is cut to it.
 */
export function splitRefund(refundPaise: number, paid: { collectedPaise: number; collectedRefundedPaise: number; tenders: readonly (Tender & { refundedPaise: number })[] }): RefundSplit {
  if (!Number.isSafeInteger(refundPaise) || refundPaise < 0) throw new RangeError(`${refundPaise} is not an amount in paise`);
  let left = refundPaise;
  const collectedPaise = Math.min(left, Math.max(0, paid.collectedPaise - paid.collectedRefundedPaise));
  left -= collectedPaise;
  const balances: Tender[] = [];
  for (const tender of [...paid.tenders].reverse()) {
    if (left === 0) break;
    const amountPaise = Math.min(left, Math.max(0, tender.amountPaise - tender.refundedPaise));
    if (amountPaise === 0) continue;
    balances.push({ accountId: tender.accountId, amountPaise });
    left -= amountPaise;
  }
  return { collectedPaise, balances };
}

/** A refund owed on an order whose cash was collected on delivery: the shop's transfer, and the balances' part. */
export interface TransferRefundSplit {
  /** What the shop transfers by UPI or bank: the cash part. */
  transferPaise: number;
  /** What goes back onto the gift cards and store credit that paid. */
  balancesPaise: number;
}

/**
 * How a refund of `owedPaise` on a cash-on-delivery order splits (docs/decisions/0087), by decision 68's rule
 * (`splitRefund`, the balances taken together): the cash part first, up to the cash collected less what transfers
 * have given back or are waiting to give back; then the balances, up to what they paid less what they have had back
 * or are waiting to get back. What neither can take (only an amount beyond what the order holds) stays with the
 * transfer, so the two always add up to the refund and an admin sees it before any money moves.
 */
export function splitTransferRefund(owedPaise: number, paid: { cashPaise: number; cashOutPaise: number; balancesPaise: number; balancesOutPaise: number }): TransferRefundSplit {
  const split = splitRefund(owedPaise, {
    collectedPaise: paid.cashPaise,
    collectedRefundedPaise: paid.cashOutPaise,
    tenders: [{ accountId: 0, amountPaise: paid.balancesPaise, refundedPaise: paid.balancesOutPaise }],
  });
  const balancesPaise = split.balances.reduce((sum, part) => sum + part.amountPaise, 0);
  return { transferPaise: owedPaise - balancesPaise, balancesPaise };
}

/** How an order's receipt and pages say what balances paid (rupees): null when they paid nothing. */
export function paidWithBalancesText(paidWithBalances: number, total: number): string | null {
  if (paidWithBalances <= 0) return null;
  const whole = Math.round(paidWithBalances * 100) >= Math.round(total * 100);
  return whole ? 'Paid in full with gift cards and store credit' : `${formatRupees(paidWithBalances)} paid with gift cards and store credit`;
}

/**
 * Where one refund went, as it was made and recorded (docs/decisions/0068, 0075, 0087): the money sent back the way
 * it was paid (to the card through the provider, or by the shop's transfer for cash collected on delivery), what went
 * back onto the gift cards and store credit that paid, and what the customer chose to have put onto their store
 * credit instead of the money.
 */
export interface RefundParts {
  moneyPaise: number;
  toBalancesPaise: number;
  toStoreCreditPaise: number;
}

/**
 * The parts of a refund of `amountPaise` from what its maker says went onto balances: each part at most what is left
 * of the refund (balances that paid first, then store credit by choice), the money the rest, so they always add up.
 */
export function refundPartsOf(amountPaise: number, onto: { toBalancesPaise?: number; toStoreCreditPaise?: number } = {}): RefundParts {
  const amount = Math.max(0, amountPaise);
  const toBalancesPaise = Math.min(Math.max(0, onto.toBalancesPaise ?? 0), amount);
  const toStoreCreditPaise = Math.min(Math.max(0, onto.toStoreCreditPaise ?? 0), amount - toBalancesPaise);
  return { moneyPaise: amount - toBalancesPaise - toStoreCreditPaise, toBalancesPaise, toStoreCreditPaise };
}

/** How a refund's parts are said: the words decision 87 gave the balances' part, and the card's and store credit's beside them. */
export const BACK_TO_CARD = 'back to the card you paid with';
export const BACK_ON_BALANCES = 'back on the gift cards and store credit you paid with';
export const ON_STORE_CREDIT_AS_ASKED = 'onto your store credit as you asked';

/** Each part of a refund that is not nothing, with its words, in decision 68's order. */
function partsSaid(parts: RefundParts, money: string): { paise: number; words: string }[] {
  return [
    { paise: parts.moneyPaise, words: money },
    { paise: parts.toStoreCreditPaise, words: ON_STORE_CREDIT_AS_ASKED },
    { paise: parts.toBalancesPaise, words: BACK_ON_BALANCES },
  ].filter((part) => part.paise > 0);
}

/**
 * A refund's parts in words, in decision 68's order (the money, what the customer chose to have on store credit in
 * its place, then the balances that paid), each with its amount: '₹1,000.00 back to the card you paid with and
 * ₹500.00 back on the gift cards and store credit you paid with'. Parts of nothing are left out. `money`: how the
 * money part went, when not back to the card (the shop's transfer of cash collected on delivery).
 */
export function refundPartsText(parts: RefundParts, money: string = BACK_TO_CARD): string {
  const said = partsSaid(parts, money).map((part) => `${formatPaise(part.paise)} ${part.words}`);
  if (said.length <= 2) return said.join(' and ');
  return `${said.slice(0, -1).join(', ')} and ${said.at(-1)}`;
}

/** True when some of a refund went onto balances, so it must be said apart from the money. */
export function refundTouchesBalances(parts: RefundParts): boolean {
  return parts.toBalancesPaise > 0 || parts.toStoreCreditPaise > 0;
}

/** The whole refund: its parts added up. */
function refundTotal(parts: RefundParts): number {
  return parts.moneyPaise + parts.toStoreCreditPaise + parts.toBalancesPaise;
}

/** '₹1,500.00: ₹1,000.00 back to … and ₹500.00 back on …', or for one part '₹500.00 back on …'. */
function amountAndParts(parts: RefundParts, money: string, between = ''): string {
  const said = partsSaid(parts, money);
  if (said.length === 1) return `${formatPaise(said[0]!.paise)}${between} ${said[0]!.words}`;
  return `${formatPaise(refundTotal(parts))}${between}: ${refundPartsText(parts, money)}`;
}

/**
 * One line for what was refunded, when some of it went onto balances (an order's history, its page): 'Refunded
 * ₹1,500.00: ₹1,000.00 back to the card you paid with and ₹500.00 back on the gift cards and store credit you paid
 * with', or with one part 'Refunded ₹500.00 back on the gift cards and store credit you paid with'.
 */
export function refundedText(parts: RefundParts, money: string = BACK_TO_CARD): string {
  return `Refunded ${amountAndParts(parts, money)}`;
}

/**
 * What a refund's receipt (the e-mail, the notice, the WhatsApp message) says when some of it went onto balances:
 * 'we have refunded ₹1,500.00 for order DP-1: ₹1,000.00 back to the card you paid with and ₹500.00 back on the gift
 * cards and store credit you paid with.', then when the bank will show the card's part, or that the rest can be spent
 * at once. Lower case, to follow a greeting ('Dear Asha, we have…'); `opens` starts a message with it.
 */
export function refundMadeText(orderNumber: string, parts: RefundParts, { opens = false } = {}): string {
  const bank = parts.moneyPaise > 0 ? ' Banks usually take 5–7 working days to show it on your card.' : ' You can spend it on your next order at once.';
  return `${opens ? 'We' : 'we'} have refunded ${amountAndParts(parts, BACK_TO_CARD, ` for order ${orderNumber}`)}.${bank}`;
}

/** The money a cash-on-delivery order's refunds went back by: the shop's own transfer, not a card. */
export const BY_TRANSFER = 'by transfer to your bank or UPI';

/**
 * Where all of an order's refunds went, from the order as the API shows it (rupees): what went onto balances is as
 * recorded (`refundedToBalances`, `refundedToStoreCredit`), the money the rest of `refundedAmount`.
 */
export function orderRefundParts(order: { refundedAmount: number; refundedToBalances: number; refundedToStoreCredit: number }): RefundParts {
  return refundPartsOf(rupeesToPaise(order.refundedAmount), { toBalancesPaise: rupeesToPaise(order.refundedToBalances), toStoreCreditPaise: rupeesToPaise(order.refundedToStoreCredit) });
}
