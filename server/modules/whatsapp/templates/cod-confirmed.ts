import type { WhatsAppTemplate } from './template.ts';

export const codConfirmed: WhatsAppTemplate = {
  name: 'cod_confirmed',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Thank you, {{1}}. Your order {{2}} is confirmed and we are preparing it. Please keep {{3}} ready in cash for the courier.',
  variables: ['customerName', 'orderNumber', 'total'],
  buttons: [],
  sample: { customerName: 'Asha', orderNumber: 'DP-20261127-0042', total: '₹1,847.00' },
};
