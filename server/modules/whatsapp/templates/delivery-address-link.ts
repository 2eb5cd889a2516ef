import type { WhatsAppTemplate } from './template.ts';

export const deliveryAddressLink: WhatsAppTemplate = {
  name: 'delivery_address_link',
  language: 'en',
  category: 'UTILITY',
  approvedText: 'To correct the address or phone for order {{1}}, open {{2}} and choose how the courier should try again.',
  variables: ['orderNumber', 'url'],
  buttons: [],
  sample: { orderNumber: 'DP-20261127-0042', url: 'https://deosil.example/orders/DP-20261127-0042#delivery' },
};
