import type { WhatsAppTemplate } from './template.ts';

export const orderConfirmed: WhatsAppTemplate = {
  name: 'order_confirmed',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Hello {{1}}, thank you for your order {{2}} of {{3}} from Deosil Perfumes. We are preparing it and will message you here when it ships.',
  variables: ['customerName', 'orderNumber', 'total'],
  buttons: [],
  sample: { customerName: 'Asha', orderNumber: 'DP-20261127-0042', total: '₹1,798.00' },
};
