import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../contracts/products.ts';
import { balanceAccounts, balanceEntries, balanceTenders, products } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/** One gift card's last ₹500, spent by checkouts that really run side by side on a PostgreSQL server. */
let shop: TestShop;
let valor: Product;

beforeAll(async () => {
  shop = await startTestShop({ env: { GIFT_CARD_CODE_RATE_LIMIT: '100' } });
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

describe("a gift card's last ₹500", () => {
  it('two checkouts at once: one spends it, the other is told against the code, and the card never goes below nothing', async () => {
    const admin = await signInAdmin(shop);
    const { code, giftCard } = await issueGiftCard(shop, admin, 500, { name: 'Twin', email: 'twin@deosil.test', reason: 'Race test' });
    for (let round = 0; round < 3; round += 1) {
      const shoppers = await Promise.all([registerCustomer(shop), registerCustomer(shop)]);
      // The basket costs more than the card holds, so each checkout would take all ₹500.
      const created = await Promise.all(shoppers.map((shopper) => createPaymentOrder(shop, shopper.token, [{ productId: valor.id, size: '50ml', quantity: 2 }], { giftCardCodes: [code] })));
      const won = created.filter((response) => response.status === 200);
      const lost = created.filter((response) => response.status !== 200);
      expect(won).toHaveLength(1);
      expect(won[0]!.body.balances).toBe(500);
      expect(lost).toHaveLength(1);
      // Lost the race at the balance row (409), or priced after the winner took it (400): either way against the code.
      expect([400, 409]).toContain(lost[0]!.status);
      expect(lost[0]!.body.errors?.[0]?.field).toBe('giftCardCodes.0');
      const [card] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, giftCard.id));
      expect(card!.balancePaise).toBe(0);
      const taken = await shop.database.db.select().from(balanceTenders).where(eq(balanceTenders.accountId, giftCard.id));
      expect(taken.filter((tender) => tender.state === 'taken')).toHaveLength(1);
      // Give it back for the next round: the winner closes the payment window.
      const providerOrderId = (won[0]!.body.razorpayOrder as { id: string }).id;
      const winner = shoppers[created.indexOf(won[0]!)]!;
      expect((await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token: winner.token, body: { razorpay_order_id: providerOrderId } })).body.released).toBe(true);
    }
    // The ledger adds up to the balance, entry by entry.
    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, giftCard.id));
    expect(entries.reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(500_00);
    expect(entries.every((entry) => entry.balanceAfterPaise >= 0)).toBe(true);
  });
});
