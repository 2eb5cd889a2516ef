import type { WhatsAppTemplate } from './template.ts';

/** Sent when a cash-on-delivery order is placed: one tap confirms it (or cancels it) before anything ships. */
export const codConfirmRequest: WhatsAppTemplate = {
  name: 'cod_confirm_request',
  language: 'en',
  category: 'UTILITY',
  approvedText:
    'Hello {{1}}, your cash-on-delivery order {{2}} for {{3}} is waiting for your confirmation. Please confirm it by {{4}}, or it will be cancelled. Tap a button below.',
  variables: ['customerName', 'orderNumber', 'total', 'confirmBy'],
  buttons: [
    { text: 'Confirm order', action: 'cod-confirm' },
    { text: 'Cancel order', action: 'cod-cancel' },
  ],
  sample: { customerName: 'Asha', orderNumber: 'DP-20261127-0042', total: '₹1,847.00', confirmBy: '28 Nov 2026, 10:00 am' },
};
