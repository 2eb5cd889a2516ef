import { describe, expect, it } from 'vitest';
import { deliveryDayText } from './cart-gift-cards.tsx';

describe('when the cart says a gift card is e-mailed', () => {
  it('says today at the delivery hour when a card for today is bought before it, India time', () => {
    // 02:30 UTC is 08:00 in India: the card's e-mail waits for 09:00.
    expect(deliveryDayText('2026-11-27', new Date('2026-11-27T02:30:00Z'))).toBe('today at 9 am');
  });

  it('says today once that hour has come', () => {
    expect(deliveryDayText('2026-11-27', new Date('2026-11-27T03:31:00Z'))).toBe('today');
  });

  it('names the day of a card for later', () => {
    expect(deliveryDayText('2026-12-03', new Date('2026-11-27T10:00:00Z'))).toMatch(/^on .*3/);
  });
});
