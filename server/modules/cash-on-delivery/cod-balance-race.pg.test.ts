import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { Product } from '../../../contracts/products.ts';
import { balanceAccounts, balanceEntries, balanceTenders, products, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, SHIPPING } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { issueGiftCard } from '../../../tests/support/gift-cards.ts';

/**
 * One gift card's last ₹500, wanted at once by an order to be paid on delivery and by a prepaid checkout, on a
 * PostgreSQL server where the two really run side by side: exactly one gets it, and the card never goes below nothing.
 */
let shop: TestShop;
let admin: string;
let valor: Product;

beforeAll(async () => {
  shop = await startTestShop({ env: { GIFT_CARD_CODE_RATE_LIMIT: '100', PAYMENT_ORDER_RATE_LIMIT: '100' } });
  admin = await signInAdmin(shop);
  valor = (await shop.app.inject({ method: 'GET', url: '/api/products/valor' })).json().product;
  await shop.database.db.update(products).set({ inventory: 500 }).where(eq(products.id, valor.id));
});
afterAll(async () => {
  await shop?.close();
});

describe("a gift card's last ₹500, at the door and online at once", () => {
  it('a COD order and a prepaid checkout: exactly one takes it, the other is told against the code', async () => {
    const { code, giftCard } = await issueGiftCard(shop, admin, 500, { name: 'Twin', email: 'twin@deosil.test', reason: 'Race test' });
    const items = [{ productId: valor.id, size: '50ml', quantity: 1 }];
    const winners: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      const [atTheDoor, online] = await Promise.all([registerCustomer(shop), registerCustomer(shop)]);
      await shop.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, atTheDoor.user.id));
      // The basket costs more than the card holds, so each would take all ₹500.
      const [cod, prepaid] = await Promise.all([
        call(shop, 'POST', '/api/payments/cod/place-order', { token: atTheDoor.token, body: { items, ...SHIPPING, giftCardCodes: [code] } }),
        createPaymentOrder(shop, online.token, items, { giftCardCodes: [code] }),
      ]);
      const codWon = cod.status === 201;
      const prepaidWon = prepaid.status === 200;
      expect([codWon, prepaidWon].filter(Boolean), JSON.stringify({ cod: cod.body, prepaid: prepaid.body })).toHaveLength(1);
      const loser = codWon ? prepaid : cod;
      // Lost the race at the balance row (409), or read the card after the winner took it (400): either way against the code.
      expect([400, 409]).toContain(loser.status);
      expect(loser.body.errors?.[0]?.field).toBe('giftCardCodes.0');
      const [card] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, giftCard.id));
      expect(card!.balancePaise).toBe(0);
      const taken = await shop.database.db.select().from(balanceTenders).where(eq(balanceTenders.accountId, giftCard.id));
      expect(taken.filter((tender) => tender.state === 'taken')).toHaveLength(1);
      // Give it back for the next round: the COD order is cancelled, or the prepaid shopper closes the window.
      if (codWon) {
        winners.push('cod');
        const order = cod.body.order as Order;
        expect(order.paidWithBalances).toBe(500);
        expect((await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: admin, body: { status: 'cancelled' } })).status).toBe(200);
      } else {
        winners.push('prepaid');
        const providerOrderId = (prepaid.body.razorpayOrder as { id: string }).id;
        expect((await call(shop, 'POST', '/api/payments/razorpay/release-hold', { token: online.token, body: { razorpay_order_id: providerOrderId } })).body.released).toBe(true);
      }
      const [back] = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.id, giftCard.id));
      expect(back!.balancePaise).toBe(500_00);
    }
    // The ledger adds up to the balance, entry by entry, and never went below nothing.
    const entries = await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, giftCard.id));
    expect(entries.reduce((sum, entry) => sum + entry.amountPaise, 0)).toBe(500_00);
    expect(entries.every((entry) => entry.balanceAfterPaise >= 0)).toBe(true);
    expect(winners).toHaveLength(4);
  });
});
