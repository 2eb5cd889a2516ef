import type { WhatsAppTemplate } from './template.ts';

/** The answer to a button pressed after the order was confirmed another way (or the button pressed again). */
export const codAlreadyConfirmed: WhatsAppTemplate = {
  name: 'cod_already_confirmed',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'Your order {{1}} was already confirmed on {{2}}, so there is nothing more to do. Thank you, and we will message you when it ships.',
  variables: ['orderNumber', 'confirmedAt'],
  buttons: [],
  sample: { orderNumber: 'DP-20261127-0042', confirmedAt: '27 Nov 2026, 6:40 pm' },
};
