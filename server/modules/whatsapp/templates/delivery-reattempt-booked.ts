import type { WhatsAppTemplate } from './template.ts';

export const deliveryReattemptBooked: WhatsAppTemplate = {
  name: 'delivery_reattempt_booked',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'We have asked {{1}} to bring order {{2}} again on {{3}}. Thank you for letting us know.',
  variables: ['courierName', 'orderNumber', 'date'],
  buttons: [],
  sample: { courierName: 'Delhivery', orderNumber: 'DP-20261127-0042', date: '28 Nov 2026' },
};
