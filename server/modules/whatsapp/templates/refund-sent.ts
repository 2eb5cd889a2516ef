import type { WhatsAppTemplate } from './template.ts';

export const refundSent: WhatsAppTemplate = {
  name: 'refund_sent',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'We have sent your refund of {{1}} for order {{2}}. {{3}}',
  variables: ['amount', 'orderNumber', 'where'],
  buttons: [],
  sample: { amount: '₹899.00', orderNumber: 'DP-20261127-0042', where: 'Banks usually take 5-7 working days to show it.' },
};
