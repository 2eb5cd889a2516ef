import { expect } from 'vitest';
import type { AdminGiftCard } from '../../contracts/balances.ts';
import { call } from './accounts.ts';
import type { TestShop } from './test-app.ts';

/**
 * A gift card issued by an admin (goodwill, a prize), for tests that pay with one: its whole code, shown this once,
 * and the card as the back office sees it.
 */
export async function issueGiftCard(
  shop: TestShop,
  adminToken: string,
  amountRupees: number,
  recipient: { name?: string; email?: string; reason?: string } = {},
): Promise<{ code: string; giftCard: AdminGiftCard }> {
  const issued = await call(shop, 'POST', '/api/admin/gift-cards', {
    token: adminToken,
    body: { amount: amountRupees, recipientName: recipient.name ?? 'A Friend', recipientEmail: recipient.email ?? 'friend@deosil.test', reason: recipient.reason ?? 'Prize at the Samhain market' },
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  return issued.body as unknown as { code: string; giftCard: AdminGiftCard };
}
