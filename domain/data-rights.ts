/**
 * A customer's rights over their personal data under the Digital Personal Data Protection Act 2023 and the
 * DPDP Rules 2025: the consents they can give and withdraw, what erasing an account must wait for, and how
 * long the shop keeps what it keeps only for a period. docs/decisions/0040 gives the readings chosen.
 */
import type { OrderStatus, PaymentStatus } from './orders.ts';
import type { ReturnStatus } from './returns.ts';

/**
 * The version of the privacy notice (/privacy) in force; each consent records it (DPDP Rules 2025 rule 3: the
 * notice the consent was given on). Change it with every change of the notice's words.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

/** The consents a customer gives for something beyond the order itself, each withdrawable from Profile → Privacy. */
export const CONSENT_PURPOSES = {
  newsletter: { label: 'Newsletter', description: 'New potions, rituals and festival offers by e-mail.' },
  sms: { label: 'SMS messages', description: 'Order and offer messages by SMS to your phone.' },
} as const;

export type ConsentPurpose = keyof typeof CONSENT_PURPOSES;
export const CONSENT_PURPOSE_NAMES = Object.keys(CONSENT_PURPOSES) as [ConsentPurpose, ...ConsentPurpose[]];
// 'checkout' and 'whatsapp-reply' (a STOP sent on WhatsApp) record the opt-in to order updates on WhatsApp.
export const CONSENT_SOURCES = ['sign-up', 'profile', 'privacy', 'newsletter-form', 'checkout', 'whatsapp-reply'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** The profile preference each consent is kept in, so the account's settings and the log never disagree. */
export const CONSENT_PREFERENCE: Record<ConsentPurpose, 'newsletter' | 'smsNotifications'> = { newsletter: 'newsletter', sms: 'smsNotifications' };

/** The consents whose value differs between two sets of preferences: what a save must add to the log. */
export function consentChanges(before: Partial<Record<'newsletter' | 'smsNotifications', boolean>>, after: Partial<Record<'newsletter' | 'smsNotifications', boolean>>): { purpose: ConsentPurpose; granted: boolean }[] {
  return CONSENT_PURPOSE_NAMES.flatMap((purpose) => {
    const key = CONSENT_PREFERENCE[purpose];
    const was = before[key] ?? false;
    const now = after[key] ?? false;
    return was === now ? [] : [{ purpose, granted: now }];
  });
}

/** What an erased account's kept rows show instead of the person. */
export const ERASED_NAME = 'Erased customer';
const ERASED_DOMAIN = 'erased.invalid';

/** A per-account address that can never receive mail (RFC 2606 reserves .invalid) and keeps the e-mail column unique. */
export function erasedEmailOf(userId: string): string {
  return `erased-${userId}@${ERASED_DOMAIN}`;
}

export function isErasedEmail(email: string): boolean {
  return email.endsWith(`@${ERASED_DOMAIN}`);
}

/** Orders still moving: erasing their customer now would lose the address the parcel goes to. */
const IN_TRANSIT: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'out-for-delivery'];
/** Returns still open: the shop owes the customer a pickup, a decision or money. */
const OPEN_RETURNS: readonly ReturnStatus[] = ['requested', 'approved', 'refund_failed'];

export interface ErasureFacts {
  orders: readonly { orderNumber: string; status: OrderStatus; paymentStatus: PaymentStatus }[];
  returns: readonly { orderNumber: string; status: ReturnStatus }[];
}

/**
 * Why the account cannot be erased yet, or null when it can. An order on its way or money still owed to the
 * customer needs the address and the account; the customer may ask again once it is delivered, cancelled or paid.
 */
export function erasureBlocker({ orders, returns }: ErasureFacts): string | null {
  const moving = orders.find((order) => IN_TRANSIT.includes(order.status));
  if (moving) return `Order ${moving.orderNumber} is still on its way. Your account can be erased once it is delivered or cancelled.`;
  const owed = orders.find((order) => order.paymentStatus === 'refund_pending');
  if (owed) return `We still owe you a refund for order ${owed.orderNumber}. Your account can be erased once it is paid.`;
  const open = returns.find((item) => OPEN_RETURNS.includes(item.status));
  if (open) return `Your return for order ${open.orderNumber} is still open. Your account can be erased once it is settled.`;
  return null;
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * What the shop keeps only for a period, and for how long (listed in the privacy notice). Tax invoices are not
 * here: they are kept for the CGST Act 2017 s.36 period (until 72 months after the due date of the year's
 * annual return) and never removed by the job.
 */
export const RETENTION = {
  /** Contact messages: two years, the limitation period for a consumer complaint (Consumer Protection Act 2019 s.69). */
  contactMessages: { days: 730, notice: 'Messages sent through the contact form: two years.' },
  /** A payment started and never paid holds a name and an address for nothing. */
  unpaidCheckouts: { days: 30, notice: 'Checkouts that were never paid: 30 days.' },
  /** Newsletter sign-ups never confirmed from the e-mail. */
  unconfirmedSubscribers: { days: 30, notice: 'Newsletter sign-ups never confirmed: 30 days.' },
  /** Stock alerts: a year of waiting, or 90 days after the alert went. */
  stockAlerts: { days: 365, notice: 'Back-in-stock alerts: 90 days after the alert is sent, or a year if it never is.' },
  stockAlertsNotified: { days: 90, notice: '' },
  /** The e-mails the shop sent, as sent: a year, the period DPDP Rules 2025 rule 6(1)(e) asks logs to be kept. */
  emailLog: { days: 365, notice: 'Copies of the e-mails we sent you: one year.' },
  /** Sessions once expired; e-mailed links once expired or used and a day old (the hourly cap on links counts them). */
  expiredTokens: { days: 1, notice: 'Sign-in sessions and e-mailed links: deleted once they have expired or been used.' },
  /** Counters of attempts (sign-ins, forms): a day after their window closed. */
  rateCounters: { days: 1, notice: 'Counts of sign-in and form attempts: one day.' },
} as const;

export type RetentionKind = keyof typeof RETENTION;

/** The privacy notice's lines about what is kept for a period, from the same table the retention job reads. */
export const RETENTION_NOTICES: readonly string[] = Object.values(RETENTION).flatMap((kind) => (kind.notice ? [kind.notice] : []));

/** The moment before which a kind of record is due for deletion. */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  return new Date(now.getTime() - RETENTION[kind].days * DAY_MS);
}

/** India keeps one offset all year (no daylight saving), so the shop's calendar is UTC+5:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The end of the last day an invoice must be kept: CGST Act 2017 s.36 keeps accounts for 72 months from the due
 * date of the annual return of the financial year (April to March) they belong to, and that return (GSTR-9,
 * CGST Rules rule 80) is due on 31 December after the year ends. After it, an erased customer's kept orders
 * lose their personal data too.
 */
export function invoiceRetentionEnds(invoiceDate: Date): Date {
  const shopDay = new Date(invoiceDate.getTime() + INDIA_OFFSET_MS);
  const financialYearEnds = shopDay.getUTCMonth() >= 3 ? shopDay.getUTCFullYear() + 1 : shopDay.getUTCFullYear();
  // 31 December of the year the financial year ends in, plus 72 months; midnight that night in India.
  return new Date(Date.UTC(financialYearEnds + 6, 11, 31, 24) - INDIA_OFFSET_MS);
}
