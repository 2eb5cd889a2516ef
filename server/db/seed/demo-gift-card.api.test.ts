import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceAccounts, balanceEntries, products } from '../schema/index.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { createPaymentOrder } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { DEMO_GIFT_CARD, ensureDemoGiftCard } from './demo-gift-card.ts';

/** The demo shop's gift card: a newcomer types the printed code and it pays; a shop out of demo mode refuses it. */
let shop: TestShop;
let valor: number;

beforeAll(async () => {
  shop = await startTestShop();
  valor = (await shop.database.db.select().from(products)).find((row) => row.slug === 'valor')!.id;
});
afterAll(async () => {
  await shop?.close();
});

const demo = (demoMode: boolean) => ensureDemoGiftCard(shop.database.db, { demoMode, validityMonths: 12, now: new Date() });

async function demoCards() {
  const cards = await shop.database.db.select().from(balanceAccounts).where(eq(balanceAccounts.codeLastFour, DEMO_GIFT_CARD.code.slice(-4)));
  const entries = cards.length ? await shop.database.db.select().from(balanceEntries).where(eq(balanceEntries.accountId, cards[0]!.id)).orderBy(balanceEntries.id) : [];
  return { cards, entries };
}

describe('the demo gift card', () => {
  it('exists in demo mode with its printed code and amount, made once however many starts', async () => {
    expect(await demo(true)).toBe(true);
    expect(await demo(true)).toBe(true);
    const { cards, entries } = await demoCards();
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ kind: 'gift-card', status: 'active', balancePaise: DEMO_GIFT_CARD.amountPaise, initialPaise: DEMO_GIFT_CARD.amountPaise });
    expect(entries.map((entry) => [entry.reason, entry.amountPaise])).toEqual([['issued', DEMO_GIFT_CARD.amountPaise]]);

    const customer = await registerCustomer(shop);
    const checked = await call(shop, 'POST', '/api/gift-cards/check', { token: customer.token, body: { code: DEMO_GIFT_CARD.code.toLowerCase() } });
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body.giftCard).toMatchObject({ balance: DEMO_GIFT_CARD.amountPaise / 100, status: 'active', lastFour: DEMO_GIFT_CARD.code.slice(-4) });

    // It pays at the checkout like any card: a 15 ml Valor (under ₹2,000) wholly, leaving the rest on the card.
    const created = await createPaymentOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], { giftCardCodes: [DEMO_GIFT_CARD.code] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ provider: 'balances', balances: created.body.amount });
    const [card] = (await demoCards()).cards;
    expect(card!.balancePaise).toBe(DEMO_GIFT_CARD.amountPaise - Math.round((created.body.amount as number) * 100));
    expect(card!.balancePaise).toBeGreaterThan(0);
  });

  it('is voided when the shop leaves demo mode, its balance taken off on the ledger, and then pays nothing', async () => {
    const before = (await demoCards()).cards[0]!;
    expect(await demo(false)).toBe(false);
    const { cards, entries } = await demoCards();
    expect(cards[0]).toMatchObject({ status: 'void', balancePaise: 0 });
    expect(entries.at(-1)).toMatchObject({ reason: 'voided', amountPaise: -before.balancePaise, balanceAfterPaise: 0 });
    // A later start in demo mode does not bring a voided card back to life.
    expect(await demo(true)).toBe(false);

    const customer = await registerCustomer(shop);
    const refused = await createPaymentOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], { giftCardCodes: [DEMO_GIFT_CARD.code] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ field: 'giftCardCodes.0', message: `Gift card ••••${DEMO_GIFT_CARD.code.slice(-4)} was cancelled` });
  });
});
