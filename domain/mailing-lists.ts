/**
 * The e-mails a customer can stop with one click: mail the shop sends to invite, not to inform. Receipts,
 * order progress and security notices are not lists (they go as long as the account has orders or a password;
 * order progress follows the profile's 'order updates' preference instead).
 */
export const MAILING_LISTS = {
  'review-requests': {
    /** How the list reads in a sentence: "You will no longer receive review requests at …". */
    name: 'review requests',
    description: 'A note a week after a delivery, asking how your potions worked.',
  },
  'cart-reminders': {
    name: 'cart reminders',
    description: 'A note when you leave potions in your cart, with a link that brings the cart back.',
  },
} as const;

export type MailingList = keyof typeof MAILING_LISTS;

export const MAILING_LIST_NAMES = Object.keys(MAILING_LISTS) as [MailingList, ...MailingList[]];

export function isMailingList(value: string): value is MailingList {
  return Object.hasOwn(MAILING_LISTS, value);
}

export function unsubscribedMessage(list: MailingList, email: string): string {
  return `You will no longer receive ${MAILING_LISTS[list].name} at ${email}.`;
}
