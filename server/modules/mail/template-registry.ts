import type { EmailTemplate } from './templates/email-template.ts';
import { codCancelled, codConfirmed, codNotConfirmed, codPlaced } from './templates/cash-on-delivery.tsx';
import { contactAcknowledgement, contactCopy } from './templates/contact-messages.tsx';
import { lowStockDigest } from './templates/low-stock-digest.tsx';
import { newsletterConfirm } from './templates/newsletter-confirm.tsx';
import { orderCancelled } from './templates/order-cancelled.tsx';
import { orderConfirmation } from './templates/order-confirmation.tsx';
import { orderDelivered, orderOutForDelivery, orderShipped } from './templates/order-progress.tsx';
import { paymentFailed } from './templates/payment-failed.tsx';
import { refundIssued } from './templates/refund-issued.tsx';
import { returnUpdate } from './templates/return-update.tsx';
import { deliveryFailed } from './templates/delivery-failed.tsx';
import { reviewRequest } from './templates/review-request.tsx';
import { backInStock } from './templates/back-in-stock.tsx';
import { wishlistAlert } from './templates/wishlist-alert.tsx';
import { giftReceipt } from './templates/gift-receipt.tsx';
import { emailChanged } from './templates/email-changed.tsx';
import { passwordChanged } from './templates/password-changed.tsx';
import { passwordReset } from './templates/password-reset.tsx';
import { signInLink } from './templates/sign-in-link.tsx';
import { verifyEmail, welcomeVerifyEmail } from './templates/verify-email.tsx';
import { staffInvitation } from './templates/staff-invitation.tsx';
import { giftCardExpiring } from './templates/gift-card-expiring.tsx';
import { cartReminder } from './templates/cart-reminder.tsx';
import { giftCardDelivery } from './templates/gift-card-delivery.tsx';
import { giftCardRefunded } from './templates/gift-card-refunded.tsx';

/**
 * Every e-mail the shop can send, by name. A new message is one file in templates/ (its subject and React
 * body, see email-template.ts) and one line here; the outbox then accepts its name and checks its data type.
 */
export const EMAIL_TEMPLATES = {
  'order-confirmation': orderConfirmation,
  'order-cancelled': orderCancelled,
  'payment-failed': paymentFailed,
  'order-shipped': orderShipped,
  'order-out-for-delivery': orderOutForDelivery,
  'order-delivered': orderDelivered,
  'review-request': reviewRequest,
  'refund-issued': refundIssued,
  'return-update': returnUpdate,
  'delivery-failed': deliveryFailed,
  'newsletter-confirm': newsletterConfirm,
  'contact-acknowledgement': contactAcknowledgement,
  'contact-copy': contactCopy,
  'low-stock-digest': lowStockDigest,
  'welcome-verify-email': welcomeVerifyEmail,
  'verify-email': verifyEmail,
  'password-reset': passwordReset,
  'sign-in-link': signInLink,
  'password-changed': passwordChanged,
  'email-changed': emailChanged,
  'back-in-stock': backInStock,
  'wishlist-alert': wishlistAlert,
  'gift-receipt': giftReceipt,
  'cod-placed': codPlaced,
  'cod-confirmed': codConfirmed,
  'cod-not-confirmed': codNotConfirmed,
  'cod-cancelled': codCancelled,
  'staff-invitation': staffInvitation,
  'gift-card-expiring': giftCardExpiring,
  'gift-card-delivery': giftCardDelivery,
  'gift-card-refunded': giftCardRefunded,
  'cart-reminder': cartReminder,
} satisfies Record<string, EmailTemplate<never>>;

export type TemplateName = keyof typeof EMAIL_TEMPLATES;
export type TemplateData<Name extends TemplateName> = (typeof EMAIL_TEMPLATES)[Name] extends EmailTemplate<infer Data> ? Data : never;

export function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(EMAIL_TEMPLATES, name);
}
