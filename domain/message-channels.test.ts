import { describe, expect, it } from 'vitest';
import { channelsFor, isStopRequest, SHOP_MESSAGES, type CustomerChannels } from './message-channels.ts';

const everyone: CustomerChannels = { orderUpdates: true, marketing: false, whatsappOptIn: true, whatsappAvailable: true };

describe('which channels carry a message', () => {
  it('carries receipts on every channel the customer has, whatever their order-update switch', () => {
    for (const message of ['order-confirmed', 'cod-confirm-request', 'refund-sent', 'delivery-failed'] as const) {
      expect(channelsFor(message, { ...everyone, orderUpdates: false })).toEqual(['in-app', 'email', 'whatsapp']);
    }
  });

  it('carries the journey beyond the bell only while order updates are on', () => {
    expect(channelsFor('shipped', everyone)).toEqual(['in-app', 'email', 'whatsapp']);
    expect(channelsFor('out-for-delivery', { ...everyone, orderUpdates: false })).toEqual(['in-app']);
  });

  it('never uses WhatsApp without the opt-in, or when the shop has not set it up', () => {
    expect(channelsFor('order-confirmed', { ...everyone, whatsappOptIn: false })).toEqual(['in-app', 'email']);
    expect(channelsFor('order-confirmed', { ...everyone, whatsappAvailable: false })).toEqual(['in-app', 'email']);
  });

  it('sends no marketing message without marketing consent, however opted in to WhatsApp', () => {
    expect(SHOP_MESSAGES['abandoned-checkout']).toBe('marketing');
    expect(channelsFor('abandoned-checkout', everyone)).toEqual(['in-app']);
    expect(channelsFor('abandoned-checkout', { ...everyone, marketing: true })).toEqual(['in-app', 'email', 'whatsapp']);
  });
});

describe('STOP', () => {
  it('reads the usual ways of saying it, and nothing else', () => {
    for (const text of ['STOP', 'stop', ' Stop. ', 'Unsubscribe', 'stop  all', 'opt out']) expect(isStopRequest(text), text).toBe(true);
    for (const text of ['Stop by tomorrow please', 'Don’t stop', 'Confirm order', '']) expect(isStopRequest(text), text).toBe(false);
  });
});
