import type { WhatsAppTemplate } from './template.ts';

/** A left cart, for a shopper who opted in to WhatsApp and gave marketing consent (a MARKETING template). */
export const cartReminder: WhatsAppTemplate = {
  name: 'cart_reminder',
  language: 'en',
  category: 'MARKETING',
  approvedText: 'Hello {{1}}, your potions are still waiting: {{2}}. Pick up where you left off: {{3}} {{4}} Reply STOP to stop these messages.',
  variables: ['customerName', 'potions', 'restoreUrl', 'offer'],
  buttons: [],
  sample: {
    customerName: 'Asha',
    potions: 'Valor (50ml) and 1 more',
    restoreUrl: 'https://deosilperfumes.in/cart/restore?token=Zm9yLXRoZS1zYW1wbGU',
    offer: 'Use code COMEBACK10 for 10% off your cart.',
  },
};
