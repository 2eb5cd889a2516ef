import type { WhatsAppTemplate } from './template.ts';

/** The answer to a button that can no longer act (the order was cancelled, or its time to confirm ran out). */
export const orderNotChanged: WhatsAppTemplate = {
  name: 'order_not_changed',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'We could not change order {{1}}: {{2}}. Your order page has its current status, and you can write to us from there.',
  variables: ['orderNumber', 'reason'],
  buttons: [],
  sample: { orderNumber: 'DP-20261127-0042', reason: 'it was already cancelled' },
};
