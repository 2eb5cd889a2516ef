import { cartReminder } from './cart-reminder.ts';
import { codAlreadyConfirmed } from './cod-already-confirmed.ts';
import { codConfirmRequest } from './cod-confirm-request.ts';
import { codConfirmed } from './cod-confirmed.ts';
import { deliveryAddressLink } from './delivery-address-link.ts';
import { deliveryFailed } from './delivery-failed.ts';
import { deliveryReattemptBooked } from './delivery-reattempt-booked.ts';
import { orderCancelled } from './order-cancelled.ts';
import { orderConfirmed } from './order-confirmed.ts';
import { orderDelivered } from './order-delivered.ts';
import { orderNotChanged } from './order-not-changed.ts';
import { orderOutForDelivery } from './order-out-for-delivery.ts';
import { orderShipped } from './order-shipped.ts';
import { refundSent } from './refund-sent.ts';
import type { WhatsAppTemplate } from './template.ts';
import { updatesStopped } from './updates-stopped.ts';

/** Every template the shop sends, by the name it has in WhatsApp Manager. */
export const WHATSAPP_TEMPLATES = Object.fromEntries(
  [
    orderConfirmed,
    codConfirmRequest,
    codConfirmed,
    codAlreadyConfirmed,
    orderNotChanged,
    orderShipped,
    orderOutForDelivery,
    orderDelivered,
    deliveryFailed,
    deliveryReattemptBooked,
    deliveryAddressLink,
    orderCancelled,
    refundSent,
    updatesStopped,
    cartReminder,
  ].map((template) => [template.name, template]),
) as Record<string, WhatsAppTemplate>;

export function whatsappTemplate(name: string): WhatsAppTemplate | undefined {
  return Object.hasOwn(WHATSAPP_TEMPLATES, name) ? WHATSAPP_TEMPLATES[name] : undefined;
}

export { renderTemplate, type ButtonAction, type WhatsAppTemplate } from './template.ts';
