import type { WhatsAppTemplate } from './template.ts';

export const orderOutForDelivery: WhatsAppTemplate = {
  name: 'order_out_for_delivery',
  language: 'en',
  category: 'UTILITY',
  approvedText: '{{1}}, your order {{2}} is out for delivery today. To pay at the door: {{3}}.',
  variables: ['customerName', 'orderNumber', 'toPay'],
  buttons: [],
  sample: { customerName: 'Asha', orderNumber: 'DP-20261127-0042', toPay: '₹1,847.00 in cash' },
};
