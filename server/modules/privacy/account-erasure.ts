import { and, eq, inArray, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ErasureResponse } from '../../../contracts/privacy.ts';
import { ERASED_NAME, erasedEmailOf, erasureBlocker } from '../../../domain/data-rights.ts';
import { fieldRefusal, Refusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import * as tables from '../../db/schema/index.ts';
import type { StoredAddress } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { announceSessionsEnded } from '../accounts/account-sessions.ts';
import { verifyPassword } from '../accounts/credentials.ts';
import { dataSubjectOf } from './data-export.ts';

// Nearly every table holding personal data is touched here; personal-data.ts says what happens to each.
const { accountTokens, cartReminders, recoveryCodes, twoFactorChallenges, twoFactorSecrets, checkouts, checkoutSignals, consentRecords, contactMessages, emailMessages, emailUnsubscribes, newsletterSubscribers, notifications, orderReturns, orders, personalCoupons, productViews, rateCounters, returnPhotoUploads, reviews, reviewVotes, savedAddresses, savedCarts, sessions, signInChallenges, smsMessages, stockWaitlist, userAchievements, userLevels, users, whatsappInbound, whatsappMessages, whatsappSubscriptions, wishlistItems } = tables;

/** Who asked: the customer from Profile → Privacy, or an admin for a customer who wrote in. */
export type ErasureRequest = { by: 'customer'; password: string } | { by: 'admin'; adminId: string; reference: string };

/**
 * A stored address with the person taken out: the state and country stay, which the shop's figures (and the
 * place of supply) count by and which name no one.
 */
export function blankedAddress(column: AnyPgColumn) {
  return sql<StoredAddress>`jsonb_set(jsonb_set(jsonb_set(${column}, '{street}', '""'), '{city}', '""'), '{zipCode}', '""')`;
}

const erasedCustomer = (userId: string) => ({ name: ERASED_NAME, email: erasedEmailOf(userId), phone: '' });

/**
 * Erases a customer's account at once (DPDP Act 2023 s.12(3)): personal data is deleted, or anonymised where a
 * row must stay for the shop's figures, in one transaction. Orders with a tax invoice are kept whole, with their
 * lines, for the CGST Act 2017 s.36 period and for no other use (s.8(7)(a) lets the law's retention override
 * erasure); the retention job anonymises them when that period ends. The account row stays, emptied and
 * unable to sign in, because those orders point at it. personal-data.ts lists each table's fate.
 */
export class AccountErasure {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** Deletes an uploaded file (a return photo) once the erasure is committed. */
    private readonly removeUpload: (name: string) => Promise<void>,
  ) {}

  async erase(userId: string, request: ErasureRequest): Promise<ErasureResponse> {
    const { user, emails } = await dataSubjectOf(this.db, userId);
    if (user.role !== 'customer') throw new Refusal('forbidden', 'Only customer accounts can be erased here');
    if (user.erasedAt) throw new Refusal('conflict', 'This account has already been erased');
    if (request.by === 'customer' && !(await verifyPassword(user.passwordHash, request.password))) {
      throw fieldRefusal('invalid', 'password', 'Password is incorrect');
    }
    const now = this.clock();
    const result = await this.db.transaction(async (tx) => {
      // Locks the account: an order placed while it is being erased waits, then finds it gone.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const userOrders = await tx
        .select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status, paymentStatus: orders.paymentStatus, invoiceNumber: orders.invoiceNumber, customerName: orders.customerName })
        .from(orders)
        .where(eq(orders.userId, userId));
      const userReturns = await tx
        .select({ orderNumber: orders.orderNumber, status: orderReturns.status, photos: orderReturns.photos })
        .from(orderReturns)
        .innerJoin(orders, eq(orders.id, orderReturns.orderId))
        .where(eq(orderReturns.userId, userId));
      const blocker = erasureBlocker({ orders: userOrders, returns: userReturns });
      if (blocker) throw fieldRefusal('conflict', 'account', blocker);

      const kept = userOrders.filter((order) => order.invoiceNumber !== null);
      const names = [...new Set([user.name, ...userOrders.map((order) => order.customerName)])].filter((name) => name.trim().length > 0);
      const photos = [
        ...userReturns.flatMap((item) => item.photos),
        ...(await tx.select({ name: returnPhotoUploads.name }).from(returnPhotoUploads).where(eq(returnPhotoUploads.userId, userId))).map((row) => `/uploads/${row.name}`),
      ];

      // Admins' notices naming the customer (new customer, new order, review, return) lose the name and address.
      const mentions = [...emails, ...names];
      let message = sql`${notifications.message}`;
      for (const text of mentions) message = sql`replace(${message}, ${text}, ${'an erased customer'})`;
      await tx
        .update(notifications)
        .set({ message })
        .where(or(...mentions.map((text) => sql`strpos(${notifications.message}, ${text}) > 0`)));
      await tx.delete(notifications).where(eq(notifications.userId, userId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await tx.delete(userAchievements).where(eq(userAchievements.userId, userId));
      await tx.delete(userLevels).where(eq(userLevels.userId, userId));
      await tx.delete(personalCoupons).where(eq(personalCoupons.userId, userId));
      await tx.delete(productViews).where(eq(productViews.userId, userId));
      await tx.delete(reviewVotes).where(eq(reviewVotes.userId, userId));
      await tx.delete(returnPhotoUploads).where(eq(returnPhotoUploads.userId, userId));
      // Reviews stay on their potions, by an anonymous author.
      await tx.update(reviews).set({ userId: null, authorName: null }).where(eq(reviews.userId, userId));
      await tx.update(orderReturns).set({ note: null, photos: [] }).where(eq(orderReturns.userId, userId));
      // The tags' ids and user agent kept for a purchase not sent yet go; the purchase is then never sent.
      await tx.delete(checkoutSignals).where(inArray(checkoutSignals.checkoutId, tx.select({ id: checkouts.id }).from(checkouts).where(eq(checkouts.userId, userId))));
      const placeholder = erasedCustomer(userId);
      await tx
        .update(checkouts)
        .set({ customer: placeholder, shippingAddress: blankedAddress(checkouts.shippingAddress), buyerGstin: null, buyerLegalName: null, updatedAt: now })
        .where(eq(checkouts.userId, userId));
      const notInvoiced = and(eq(orders.userId, userId), isNull(orders.invoiceNumber));
      await tx
        .update(orders)
        .set({
          customerName: placeholder.name,
          customerEmail: placeholder.email,
          customerPhone: '',
          shippingAddress: blankedAddress(orders.shippingAddress),
          buyerGstin: null,
          buyerLegalName: null,
          refundUpiId: null,
          trackingNotes: null,
          updatedAt: now,
        })
        .where(notInvoiced);
      // Consents given by address go with the address; the account's stay as proof, naming no one once it is empty.
      await tx.delete(consentRecords).where(and(isNotNull(consentRecords.email), inArray(consentRecords.email, emails)));
      await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails));
      await tx.delete(contactMessages).where(inArray(sql`lower(${contactMessages.email})`, emails));
      await tx.delete(stockWaitlist).where(inArray(stockWaitlist.email, emails));
      await tx.delete(emailUnsubscribes).where(inArray(emailUnsubscribes.email, emails));
      await tx.delete(emailMessages).where(inArray(sql`lower(${emailMessages.toAddress})`, emails));
      // The phone a texted code proved goes like the e-mail: its codes, its texts, its counters.
      const destinations = [...emails, ...(user.verifiedPhone ? [user.verifiedPhone] : [])];
      await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
      await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
      // The kept cart goes; its reminders stay as figures for /admin/recovery, without the potions or a working link.
      await tx.delete(savedCarts).where(eq(savedCarts.userId, userId));
      await tx.update(cartReminders).set({ lines: [], tokenHash: sql`'erased:' || ${cartReminders.id}` }).where(eq(cartReminders.userId, userId));
      await tx.delete(signInChallenges).where(inArray(signInChallenges.destination, destinations));
      if (user.verifiedPhone) await tx.delete(smsMessages).where(eq(smsMessages.toNumber, user.verifiedPhone));
      // WhatsApp: the opt-in and its number, the messages sent to the customer, and what that number sent the shop.
      const [whatsapp] = await tx.delete(whatsappSubscriptions).where(eq(whatsappSubscriptions.userId, userId)).returning({ phone: whatsappSubscriptions.phone });
      await tx.delete(whatsappMessages).where(eq(whatsappMessages.userId, userId));
      if (whatsapp) await tx.delete(whatsappInbound).where(eq(whatsappInbound.fromNumber, whatsapp.phone));
      await tx.delete(rateCounters).where(or(...destinations.map((destination) => like(rateCounters.key, `%:${destination}`))));
      await tx
        .update(users)
        .set({
          ...placeholder,
          // Not a hash any password can match: the account can never be signed in to again.
          passwordHash: '!erased',
          status: 'inactive',
          address: '',
          birthSign: null,
          favoriteIngredient: '',
          preferences: { newsletter: false, smsNotifications: false, orderUpdates: false, favoriteScents: [], intensityPreference: '', budgetRange: '' },
          emailVerifiedAt: null,
          verifiedPhone: null,
          phoneVerifiedAt: null,
          erasedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      await recordAudit(tx, {
        actorId: request.by === 'admin' ? request.adminId : null,
        action: 'customer.erased',
        targetType: 'user',
        targetId: userId,
        details: { requestedBy: request.by, ...(request.by === 'admin' ? { reference: request.reference } : {}), invoicesKept: kept.map((order) => order.invoiceNumber) },
      });
      return { kept, photos };
    });
    await announceSessionsEnded(this.db, userId);
    for (const url of result.photos) await this.removeUpload(url.replace(/^\/uploads\//, ''));
    return {
      success: true,
      message:
        result.kept.length > 0
          ? 'Your account and personal data have been erased. The tax invoices of your paid orders are kept for the period the law requires, and used for nothing else.'
          : 'Your account and personal data have been erased.',
      invoicesKept: result.kept.map((order) => order.orderNumber),
    };
  }
}
