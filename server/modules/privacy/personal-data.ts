/**
 * Every table that holds a customer's personal data, with the section of the data export it appears in and
 * what erasing the account does to it. The privacy tests read the schema and fail on a table linked to an
 * account or an e-mail address that is missing here, so a new table is covered before it ships.
 */
export type ErasureAction =
  /** Deleted at once. */
  | 'delete'
  /** The person is removed from the row; what is left says nothing about them. */
  | 'anonymise'
  /** Kept as the law asks (tax invoices, proof of consent), restricted to that use. */
  | 'keep'
  /** The row is about the shop's staff, not its customers. */
  | 'staff';

export interface PersonalDataTable {
  /** The export's section holding these rows; null for staff tables. */
  section: string | null;
  erasure: ErasureAction;
  /** Why, in a line: shown nowhere, read by whoever changes this map. */
  why: string;
}

export const PERSONAL_DATA: Record<string, PersonalDataTable> = {
  users: { section: 'account', erasure: 'anonymise', why: 'the row stays for the kept orders to point at; name, e-mail, phone, address and password go' },
  sessions: { section: 'sessions', erasure: 'delete', why: 'signed-in devices' },
  account_tokens: { section: 'emailLinks', erasure: 'delete', why: 'password-reset and verification links' },
  notifications: { section: 'notifications', erasure: 'delete', why: 'the inbox; admins’ notices naming the customer lose the name' },
  user_achievements: { section: 'achievements', erasure: 'delete', why: 'loyalty' },
  user_levels: { section: 'levels', erasure: 'delete', why: 'loyalty' },
  personal_coupons: { section: 'coupons', erasure: 'delete', why: 'loyalty' },
  product_views: { section: 'productViews', erasure: 'delete', why: 'browsing for achievements' },
  reviews: { section: 'reviews', erasure: 'anonymise', why: 'reviews stay on the potion, by an anonymous author' },
  review_votes: { section: 'reviewVotes', erasure: 'delete', why: 'helpful votes' },
  checkouts: { section: 'checkouts', erasure: 'anonymise', why: 'payment attempts; amounts stay for the accounts' },
  orders: { section: 'orders', erasure: 'keep', why: 'invoiced orders are kept for CGST Act s.36; the others are anonymised' },
  order_returns: { section: 'returns', erasure: 'anonymise', why: 'the credit note stays; the note and photos go' },
  return_photo_uploads: { section: 'returnPhotos', erasure: 'delete', why: 'photos not yet sent with a return' },
  consent_records: { section: 'consents', erasure: 'keep', why: 'proof of consent (DPDP Act s.6(10)); the account rows name no one once it is erased, rows by address are deleted' },
  newsletter_subscribers: { section: 'newsletter', erasure: 'delete', why: 'by address' },
  contact_messages: { section: 'contactMessages', erasure: 'delete', why: 'by address' },
  stock_waitlist: { section: 'stockAlerts', erasure: 'delete', why: 'by address' },
  email_unsubscribes: { section: 'unsubscribes', erasure: 'delete', why: 'by address' },
  email_messages: { section: 'emails', erasure: 'delete', why: 'copies of what was sent to the address' },
  promotion_uses: {
    section: 'promotionUses',
    erasure: 'keep',
    why: 'which offers an order used, kept with the orders they count for; they point at the anonymised account row and name no one',
  },
  wishlist_items: { section: 'wishlist', erasure: 'delete', why: 'potions saved with the heart, and their alerts' },
  balance_accounts: {
    section: 'balances',
    erasure: 'keep',
    why: 'store credit and gift cards are money the shop owes, kept in its books (CGST Act s.35); they point at the anonymised account row, and a card names only its recipient',
  },
  balance_entries: { section: 'balances', erasure: 'staff', why: 'the ledger names the admin who granted, issued or voided; exported with the balances' },
  gift_card_sales: {
    section: 'giftCardsBought',
    erasure: 'keep',
    why: "a card bought is money the shop owes its recipient, kept with the order that paid for it (CGST Act s.35); it names the recipient, and points at the anonymised buyer",
  },
  order_attributions: { section: 'orderSources', erasure: 'keep', why: 'the campaign or site that brought an order, kept with the order; it names no one' },
  checkout_attributions: { section: 'orderSources', erasure: 'keep', why: "the same for the checkout, kept with the checkout's amounts; it names no one" },
  checkout_signals: { section: 'orderSources', erasure: 'delete', why: "the tags' browser ids and user agent for a purchase sent from the server; deleted once it is sent" },
  purchase_event_sends: { section: 'orderSources', erasure: 'keep', why: "that an order's purchase was sent to GA4 or Meta; it names no one" },
  saved_addresses: { section: 'addressBook', erasure: 'delete', why: 'the address book; orders keep their own copy of where they went' },
  sign_in_challenges: { section: 'signInCodes', erasure: 'delete', why: 'texted codes and e-mailed sign-in links, by number or address' },
  sms_messages: { section: 'texts', erasure: 'delete', why: 'copies of the texts sent to the verified phone' },
  saved_carts: { section: 'cart', erasure: 'delete', why: 'the cart kept on the server while signed in' },
  cart_reminders: { section: 'cartReminders', erasure: 'anonymise', why: 'the recovery figures stay; the potions left and the restore link go' },
  whatsapp_subscriptions: { section: 'whatsapp', erasure: 'delete', why: 'the opt-in to WhatsApp updates and its number; the consent log keeps the choices' },
  whatsapp_messages: { section: 'whatsappMessages', erasure: 'delete', why: 'copies of the WhatsApp messages sent to the customer' },
  whatsapp_inbound: { section: null, erasure: 'delete', why: 'button presses and STOPs from the opted-in number, kept so a repeated webhook acts once' },
  rate_counters: { section: null, erasure: 'delete', why: 'sign-in counters keyed by the address, a day long' },
  audit_log: { section: null, erasure: 'staff', why: 'names the admin who acted, never the customer' },
  offline_refunds: { section: null, erasure: 'staff', why: 'names the admin who recorded the transfer' },
  order_status_history: { section: null, erasure: 'staff', why: 'names the admin who moved the order; exported with the orders' },
  // The back office's people (docs/decisions/0062, 0063): staff accounts only, never a customer's.
  staff_members: { section: null, erasure: 'staff', why: "a staff account's role; removing someone from the staff deletes it" },
  staff_invitations: { section: null, erasure: 'staff', why: 'invitations to join the staff, by the address invited' },
  // Two-factor sign-in: staff must, customers may (docs/decisions/0063, 0071).
  two_factor_secrets: { section: 'twoFactor', erasure: 'delete', why: 'the authenticator linked to the account; exported as dates, never the secret' },
  recovery_codes: { section: 'twoFactor', erasure: 'delete', why: 'hashes of the recovery codes; exported as how many are left' },
  two_factor_challenges: { section: 'twoFactor', erasure: 'delete', why: 'ten-minute steps between the first factor and the code' },
};

/** Columns that hold an e-mail address: a table with one holds personal data even without an account link. */
export const EMAIL_COLUMNS = ['email', 'customer_email', 'to_address'] as const;
