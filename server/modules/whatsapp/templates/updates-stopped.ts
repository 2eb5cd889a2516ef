import type { WhatsAppTemplate } from './template.ts';

/** The answer to STOP: said once, so the customer knows it worked and how to undo it. */
export const updatesStopped: WhatsAppTemplate = {
  name: 'updates_stopped',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'You will no longer get order updates from Deosil Perfumes on WhatsApp. You can switch them on again in your profile.',
  variables: [],
  buttons: [],
  sample: {},
};
