import type { WhatsAppTemplate } from './template.ts';

export const orderCancelled: WhatsAppTemplate = {
  name: 'order_cancelled',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Your order {{1}} has been cancelled. {{2}}',
  variables: ['orderNumber', 'money'],
  buttons: [],
  sample: { orderNumber: 'DP-20261127-0042', money: 'Nothing was charged.' },
};
