import type { WhatsAppTemplate } from './template.ts';

/** A failed delivery attempt (NDR): one tap asks the courier to come again tomorrow, the other leads to the address. */
export const deliveryFailed: WhatsAppTemplate = {
  name: 'delivery_failed',
  language: 'en',
  category: 'UTILITY',
  approvedText: '{{1}}, {{2}} could not deliver your order {{3}} ({{4}}). Tap below to have it brought again tomorrow, or to correct your address or phone.',
  variables: ['customerName', 'courierName', 'orderNumber', 'reason'],
  buttons: [
    { text: 'Deliver tomorrow', action: 'ndr-reattempt' },
    { text: 'Update address', action: 'ndr-address' },
  ],
  sample: { customerName: 'Asha', courierName: 'Delhivery', orderNumber: 'DP-20261127-0042', reason: 'customer not available' },
};
