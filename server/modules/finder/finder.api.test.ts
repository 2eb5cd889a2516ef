import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const ask = (body: unknown, token?: string) => call(shop, 'POST', '/api/finder/recommendations', { body, token });
const smoky = { families: ['smoky'], intensity: 'strong', occasion: 'ritual', budget: 'any', birthSign: null };

describe('POST /api/finder/recommendations', () => {
  it('recommends three potions in stock and a set from the demo catalogue, each with why', async () => {
    const reply = await ask(smoky);
    expect(reply.status).toBe(200);
    const { potions, set } = reply.body as { potions: { product: { name: string; isSet: boolean; inStock: boolean; notes: Record<string, string[]> }; why: string }[]; set: { product: { isSet: boolean }; why: string } | null };
    expect(potions).toHaveLength(3);
    expect(potions.every((entry) => entry.product.inStock && !entry.product.isSet)).toBe(true);
    // The first has a resin or smoke note and says so, with its strength and the occasion.
    expect(potions[0]!.why).toMatch(/^smoky [a-z ]+, strong, for ritual and quiet/);
    expect(set?.product.isSet).toBe(true);
    expect(set?.why).not.toBe('');
  });

  it('answers differently for different tastes', async () => {
    type Reply = { potions: { product: { name: string }; why: string }[] };
    const fresh = (await ask({ families: ['fresh'], intensity: 'soft', occasion: 'everyday', budget: 'any', birthSign: 'Gemini' })).body as Reply;
    const smoke = (await ask(smoky)).body as Reply;
    expect(fresh.potions[0]!.product.name).not.toBe(smoke.potions[0]!.product.name);
    expect(fresh.potions[0]!.why).toContain('fresh');
  });

  it('keeps to a budget', async () => {
    const reply = (await ask({ families: [], intensity: null, occasion: null, budget: 'under-2500', birthSign: null })).body;
    for (const entry of reply.potions as { product: { sizes: { price: number }[] }; why: string }[]) {
      expect(Math.min(...entry.product.sizes.map((size) => size.price))).toBeLessThanOrEqual(2500);
      expect(entry.why).toContain('within your budget');
    }
  });

  it('refuses an answer it does not know, naming the field', async () => {
    const reply = await ask({ ...smoky, intensity: 'deafening' });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([expect.objectContaining({ field: 'intensity' })]);
  });
});

describe('saving the answers', () => {
  it("keeps them as the profile's scent preferences and birth sign, and reads them back", async () => {
    const { token, user } = await registerCustomer(shop, { birthSign: 'Leo' });
    // The birth sign the profile already holds is the quiz's first answer.
    expect((await call(shop, 'GET', '/api/profile/finder-answers', { token })).body.answers).toEqual({ families: [], intensity: null, occasion: null, budget: 'any', birthSign: 'Leo' });
    const saved = await call(shop, 'PUT', '/api/profile/finder-answers', { token, body: { ...smoky, families: ['smoky', 'woody'], birthSign: 'Scorpio' } });
    expect(saved.status).toBe(200);
    const [row] = await shop.database.db.select({ preferences: users.preferences, birthSign: users.birthSign }).from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ birthSign: 'Scorpio', preferences: { favoriteScents: ['smoky', 'woody'], intensityPreference: 'strong', budgetRange: 'any' } });
    expect((await call(shop, 'GET', '/api/profile/finder-answers', { token })).body.answers).toEqual({ families: ['smoky', 'woody'], intensity: 'strong', occasion: null, budget: 'any', birthSign: 'Scorpio' });
  });

  it('is for signed-in shoppers only', async () => {
    expect((await call(shop, 'PUT', '/api/profile/finder-answers', { body: smoky })).status).toBe(401);
  });
});
