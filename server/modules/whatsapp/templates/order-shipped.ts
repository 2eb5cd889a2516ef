import type { WhatsAppTemplate } from './template.ts';

export const orderShipped: WhatsAppTemplate = {
  name: 'order_shipped',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Good news, {{1}}! Your order {{2}} has shipped with {{3}}. Tracking number: {{4}}.',
  variables: ['customerName', 'orderNumber', 'carrier', 'trackingNumber'],
  buttons: [],
  sample: { customerName: 'Asha', orderNumber: 'DP-20261127-0042', carrier: 'Delhivery', trackingNumber: '1234567890123' },
};
