import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { PRIVACY_NOTICE_VERSION } from '../../../domain/data-rights.ts';
import { Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import {
  accountTokens,
  checkouts,
  consentRecords,
  contactMessages,
  emailMessages,
  emailUnsubscribes,
  newsletterSubscribers,
  notifications,
  orderItems,
  orderReturns,
  orderAttributions,
  orders,
  orderStatusHistory,
  personalCoupons,
  productViews,
  promotions,
  promotionUses,
  balanceAccounts,
  giftCardSales,
  balanceEntries,
  returnPhotoUploads,
  reviews,
  savedAddresses,
  wishlistItems,
  savedCarts,
  cartReminders,
  signInChallenges,
  smsMessages,
  whatsappMessages,
  whatsappSubscriptions,
  reviewVotes,
  sessions,
  stockWaitlist,
  recoveryCodes,
  twoFactorChallenges,
  twoFactorSecrets,
  userAchievements,
  userLevels,
  users,
} from '../../db/schema/index.ts';

/** The person a request is about: their account and every address they used with the shop. */
export interface DataSubject {
  userId: string;
  /** The account's address and those typed at checkout, lower-cased. */
  emails: string[];
}

export type ExportSections = Record<string, unknown>;

export interface DataExport {
  shop: string;
  exportedAt: string;
  noticeVersion: string;
  sections: ExportSections;
}

/** Finds the addresses a customer used: the account's and each checkout's (orders copy the checkout's). */
export async function dataSubjectOf(db: Database, userId: string): Promise<DataSubject & { user: typeof users.$inferSelect }> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Refusal('not-found', 'No such customer');
  const typed = await db
    .selectDistinct({ email: sql<string>`lower(${checkouts.customer}->>'email')` })
    .from(checkouts)
    .where(eq(checkouts.userId, userId));
  const emails = [...new Set([user.email, ...typed.map((row) => row.email).filter((email): email is string => Boolean(email))])];
  return { userId, emails, user };
}

/**
 * Everything the shop holds about a customer, by section (personal-data.ts names each table's section), for
 * the right to access (DPDP Act 2023 s.11). Secrets that would open the account (password and token hashes)
 * are left out; everything else is as stored.
 */
export async function exportPersonalData(db: Database, userId: string, now: Date): Promise<DataExport> {
  const { user, emails } = await dataSubjectOf(db, userId);
  // The password's hash would only help someone guess it; it is no information about the customer.
  const account = Object.fromEntries(Object.entries(user).filter(([key]) => key !== 'passwordHash'));
  const userOrders = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt));
  const orderIds = userOrders.map((order) => order.id);
  const [items, history] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
        db
          .select({ orderId: orderStatusHistory.orderId, status: orderStatusHistory.status, note: orderStatusHistory.note, at: orderStatusHistory.createdAt })
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, orderIds))
          .orderBy(asc(orderStatusHistory.createdAt)),
      ])
    : [[], []];
  const addresses = [
    ...(user.address ? [{ source: 'profile', address: user.address }] : []),
    ...uniqueBy(
      userOrders.map((order) => ({ source: `order ${order.orderNumber}`, address: order.shippingAddress })),
      (entry) => JSON.stringify(entry.address),
    ),
  ];
  const sections: ExportSections = {
    account,
    addresses,
    orders: userOrders.map((order) => ({
      ...order,
      items: items.filter((item) => item.orderId === order.id),
      history: history.filter((entry) => entry.orderId === order.id),
    })),
    checkouts: await db.select().from(checkouts).where(eq(checkouts.userId, userId)).orderBy(asc(checkouts.createdAt)),
    returns: await db.select().from(orderReturns).where(eq(orderReturns.userId, userId)).orderBy(asc(orderReturns.createdAt)),
    returnPhotos: await db.select().from(returnPhotoUploads).where(eq(returnPhotoUploads.userId, userId)),
    reviews: await db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt)),
    reviewVotes: await db.select().from(reviewVotes).where(eq(reviewVotes.userId, userId)),
    notifications: await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt)),
    consents: await db
      .select()
      .from(consentRecords)
      .where(or(eq(consentRecords.userId, userId), inArray(consentRecords.email, emails)))
      .orderBy(asc(consentRecords.createdAt)),
    achievements: await db.select().from(userAchievements).where(eq(userAchievements.userId, userId)),
    levels: await db.select().from(userLevels).where(eq(userLevels.userId, userId)),
    coupons: await db.select().from(personalCoupons).where(eq(personalCoupons.userId, userId)),
    productViews: await db.select().from(productViews).where(eq(productViews.userId, userId)),
    sessions: await db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, userId)),
    emailLinks: await db
      .select({ purpose: accountTokens.purpose, email: accountTokens.email, createdAt: accountTokens.createdAt, expiresAt: accountTokens.expiresAt, usedAt: accountTokens.usedAt })
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId)),
    newsletter: await db
      .select({ email: newsletterSubscribers.email, confirmedAt: newsletterSubscribers.confirmedAt, createdAt: newsletterSubscribers.createdAt })
      .from(newsletterSubscribers)
      .where(inArray(newsletterSubscribers.email, emails)),
    contactMessages: await db.select().from(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, emails)).orderBy(asc(contactMessages.createdAt)),
    stockAlerts: await db.select().from(stockWaitlist).where(inArray(stockWaitlist.email, emails)),
    unsubscribes: await db.select().from(emailUnsubscribes).where(inArray(emailUnsubscribes.email, emails)),
    addressBook: await db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(asc(savedAddresses.createdAt)),
    wishlist: await db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId)).orderBy(asc(wishlistItems.createdAt)),
    cart: await db.select({ lines: savedCarts.lines, touchedAt: savedCarts.touchedAt }).from(savedCarts).where(eq(savedCarts.userId, userId)),
    // The reminders sent about a left cart; never the link's hash.
    cartReminders: await db
      .select({ step: cartReminders.step, lines: cartReminders.lines, sentAt: cartReminders.sentAt, openedAt: cartReminders.openedAt, recoveredOrderId: cartReminders.recoveredOrderId })
      .from(cartReminders)
      .where(eq(cartReminders.userId, userId))
      .orderBy(asc(cartReminders.sentAt)),
    // Which offers the customer's checkouts took, by name: the per-customer caps are counted from these.
    promotionUses: await db
      .select({ promotion: promotions.name, checkoutId: promotionUses.checkoutId, state: promotionUses.state, createdAt: promotionUses.createdAt })
      .from(promotionUses)
      .innerJoin(promotions, eq(promotions.id, promotionUses.promotionId))
      .where(eq(promotionUses.userId, userId))
      .orderBy(asc(promotionUses.createdAt)),
    // Store credit and the gift cards the customer bought: balances and every movement; never a card's code hash.
    balances: await db
      .select({ kind: balanceAccounts.kind, lastFour: balanceAccounts.codeLastFour, amountPaise: balanceEntries.amountPaise, balanceAfterPaise: balanceEntries.balanceAfterPaise, reason: balanceEntries.reason, note: balanceEntries.note, orderId: balanceEntries.orderId, createdAt: balanceEntries.createdAt })
      .from(balanceEntries)
      .innerJoin(balanceAccounts, eq(balanceAccounts.id, balanceEntries.accountId))
      .where(eq(balanceAccounts.userId, userId))
      .orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id)),
    // The gift cards the customer bought: for whom, the message, the day; never a code.
    giftCardsBought: await db
      .select({ amountPaise: giftCardSales.amountPaise, recipientName: giftCardSales.recipientName, recipientEmail: giftCardSales.recipientEmail, message: giftCardSales.message, deliverOn: giftCardSales.deliverOn, orderId: giftCardSales.orderId, createdAt: giftCardSales.createdAt })
      .from(giftCardSales)
      .where(eq(giftCardSales.buyerId, userId))
      .orderBy(asc(giftCardSales.createdAt), asc(giftCardSales.id)),
    // Which campaign or site brought each order (first and last touch), as the back office's report counts it.
    orderSources: await db
      .select({ orderNumber: orders.orderNumber, first: { source: orderAttributions.firstSource, medium: orderAttributions.firstMedium, campaign: orderAttributions.firstCampaign, at: orderAttributions.firstAt }, last: { source: orderAttributions.lastSource, medium: orderAttributions.lastMedium, campaign: orderAttributions.lastCampaign, at: orderAttributions.lastAt } })
      .from(orderAttributions)
      .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
      .where(eq(orders.userId, userId))
      .orderBy(asc(orders.createdAt)),
    // Two-factor sign-in: when it was set up and how many recovery codes are left; never the secret or the hashes,
    // which are credentials, like the password's hash.
    twoFactor: await twoFactorOf(db, userId),
    // Where sign-in codes and links went and when; never their hashes, which would only help someone guess them.
    signInCodes: await db
      .select({ channel: signInChallenges.channel, sentTo: signInChallenges.destination, createdAt: signInChallenges.createdAt, expiresAt: signInChallenges.expiresAt, usedAt: signInChallenges.usedAt })
      .from(signInChallenges)
      .where(inArray(signInChallenges.destination, [...emails, ...(user.verifiedPhone ? [user.verifiedPhone] : [])]))
      .orderBy(asc(signInChallenges.createdAt)),
    texts: user.verifiedPhone
      ? await db
          .select({ to: smsMessages.toNumber, template: smsMessages.template, status: smsMessages.status, createdAt: smsMessages.createdAt, sentAt: smsMessages.sentAt })
          .from(smsMessages)
          .where(eq(smsMessages.toNumber, user.verifiedPhone))
          .orderBy(asc(smsMessages.createdAt))
      : [],
    whatsapp: await db.select({ phone: whatsappSubscriptions.phone, optedIn: whatsappSubscriptions.optedIn, changedAt: whatsappSubscriptions.changedAt }).from(whatsappSubscriptions).where(eq(whatsappSubscriptions.userId, userId)),
    whatsappMessages: await db
      .select({ to: whatsappMessages.toNumber, template: whatsappMessages.template, body: whatsappMessages.body, status: whatsappMessages.status, createdAt: whatsappMessages.createdAt, sentAt: whatsappMessages.sentAt })
      .from(whatsappMessages)
      .where(eq(whatsappMessages.userId, userId))
      .orderBy(asc(whatsappMessages.createdAt)),
    emails: await db
      .select({ to: emailMessages.toAddress, subject: emailMessages.subject, template: emailMessages.template, status: emailMessages.status, createdAt: emailMessages.createdAt, sentAt: emailMessages.sentAt })
      .from(emailMessages)
      .where(inArray(sql`lower(${emailMessages.toAddress})`, emails))
      .orderBy(asc(emailMessages.createdAt)),
  };
  return { shop: 'Deosil Perfumes', exportedAt: now.toISOString(), noticeVersion: PRIVACY_NOTICE_VERSION, sections };
}

/** The account's second factor as dates and counts: null when none was ever set up. */
async function twoFactorOf(db: Database, userId: string) {
  const [secret] = await db.select({ createdAt: twoFactorSecrets.createdAt, confirmedAt: twoFactorSecrets.confirmedAt }).from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  const codes = await db.select({ usedAt: recoveryCodes.usedAt }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const steps = await db.select({ purpose: twoFactorChallenges.purpose, expiresAt: twoFactorChallenges.expiresAt }).from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
  if (!secret && codes.length === 0 && steps.length === 0) return null;
  return {
    authenticatorAddedAt: secret?.createdAt ?? null,
    confirmedAt: secret?.confirmedAt ?? null,
    recoveryCodes: { total: codes.length, used: codes.map((code) => code.usedAt).filter((usedAt) => usedAt !== null) },
    signInStepsOpen: steps,
  };
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
