import type { WhatsAppTemplate } from './template.ts';

export const orderDelivered: WhatsAppTemplate = {
  name: 'order_delivered',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Your order {{1}} has been delivered. We hope you love it, {{2}}!',
  variables: ['orderNumber', 'customerName'],
  buttons: [],
  sample: { orderNumber: 'DP-20261127-0042', customerName: 'Asha' },
};
