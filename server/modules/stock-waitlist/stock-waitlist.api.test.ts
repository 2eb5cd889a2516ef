import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../contracts/admin-products.ts';
import { formatPaise } from '../../../domain/money.ts';
import { call, signInAdmin } from '../../../tests/support/accounts.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { emailMessages, stockWaitlist } from '../../db/schema/index.ts';

const SHOP_URL = 'https://shop.deosil.test';
let shop: TestShop;
let smtp: SmtpCatcher;
let admin: string;
let serial = 0;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  shop = await startTestShop({ env: { JOBS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Deosil Perfumes <coven@deosil.test>', PUBLIC_URL: SHOP_URL } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: `Ember Vow ${++serial}`,
  category: 'ritual',
  price: 1299,
  description: 'Cinnamon bark and smoke.',
  inventory: 0,
  isSignature: false,
  image: '/images/potions/valor.svg',
  images: [],
  sizes: [
    { size: '15ml', price: 649, inStock: true },
    { size: '50ml', price: 0, inStock: true },
  ],
  notes: { top: ['Cinnamon'], heart: ['Smoke'], base: ['Amber'] },
  effect: '',
  ...overrides,
});

async function createProduct(overrides: Record<string, unknown> = {}): Promise<AdminProduct> {
  const response = await call(shop, 'POST', '/api/products', { token: admin, body: form(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.product as AdminProduct;
}

// Each shopper from an address of their own: the form allows one address ten a minute (tested below).
let shopper = 0;
const join = (productId: number | string, body: Record<string, unknown>, ip = `198.51.100.${++shopper % 250}`) =>
  call(shop, 'POST', '/api/waitlist', { body: { productId, ...body }, ip });
const setInventory = (id: number, set: number) => call(shop, 'PATCH', `/api/products/${id}/inventory`, { token: admin, body: { set } });

async function backInStockMail(productId: number) {
  return shop.database.db
    .select({ to: emailMessages.toAddress, dedupeKey: emailMessages.dedupeKey })
    .from(emailMessages)
    .innerJoin(stockWaitlist, eq(emailMessages.dedupeKey, sql`'back-in-stock:' || ${stockWaitlist.id}`))
    .where(and(eq(emailMessages.template, 'back-in-stock'), eq(stockWaitlist.productId, productId)));
}

async function waitingCount(productId: number): Promise<number> {
  const [row] = await shop.database.db
    .select({ n: count() })
    .from(stockWaitlist)
    .where(and(eq(stockWaitlist.productId, productId), isNull(stockWaitlist.notifiedAt)));
  return row!.n;
}

async function arrived(to: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(`"address":"${to}"`));
    if (found.length > 0) return found;
    if (Date.now() > end) throw new Error(`No e-mail to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('joining the waitlist', () => {
  it('takes an address for a sold-out potion once, however often it is sent', async () => {
    const product = await createProduct();
    const first = await join(product.id, { email: ' Luna@Deosil.TEST ' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(`We will e-mail luna@deosil.test once, when ${product.name} returns.`);
    expect((await join(product.id, { email: 'luna@deosil.test' })).status).toBe(201);
    expect(await waitingCount(product.id)).toBe(1);
  });

  it('lets one client address send the form ten times a minute, then answers 429', async () => {
    const product = await createProduct();
    const answers = [];
    for (let n = 0; n < 11; n += 1) answers.push((await join(product.id, { email: `burst.${n}@deosil.test` }, '192.0.2.77')).status);
    expect(answers).toEqual([...Array(10).fill(201), 429]);
    expect(await waitingCount(product.id)).toBe(10);
  });

  it('refuses what can be bought now, unknown potions and sizes, and malformed input, writing nothing', async () => {
    const product = await createProduct({ inventory: 4, sizes: [{ size: '15ml', price: 649, inStock: false }, { size: '50ml', price: 0, inStock: true }] });
    const inStock = await join(product.id, { email: 'sol@deosil.test' });
    expect(inStock.status).toBe(409);
    expect(inStock.body.message).toContain('is in stock');
    expect((await join(product.id, { email: 'sol@deosil.test', size: '50ml' })).status).toBe(409);
    for (const [body, field] of [
      [{ email: 'not-an-address', size: '15ml' }, 'email'],
      [{ size: '15ml' }, 'email'],
      [{ email: 42, size: '15ml' }, 'email'],
      [{ email: 'sol@deosil.test', size: '5 litres' }, 'size'],
      [{ email: 'sol@deosil.test', size: ['15ml'] }, 'size'],
    ] as const) {
      const response = await join(product.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.errors?.map((error) => error.field)).toEqual([field]);
    }
    expect((await join(999_999, { email: 'sol@deosil.test' })).status).toBe(404);
    for (const productId of ['12', 2_147_483_648, 1.5, true]) {
      const badId = await join(productId as number, { email: 'sol@deosil.test' });
      expect(badId.status).toBe(400);
      expect(badId.body.errors?.map((error) => error.field)).toEqual(['productId']);
    }
    expect(await waitingCount(product.id)).toBe(0);
  });
});

describe('restocking', () => {
  it('e-mails everyone waiting exactly once, in the restock, and not again on the next restock', async () => {
    const product = await createProduct();
    const waiting = ['one', 'two', 'three'].map((name) => `${name}.${serial}@deosil.test`);
    for (const email of waiting) expect((await join(product.id, { email })).status).toBe(201);

    expect((await setInventory(product.id, 6)).status).toBe(200);
    expect((await backInStockMail(product.id)).map((mail) => mail.to).sort()).toEqual([...waiting].sort());
    expect(await waitingCount(product.id)).toBe(0);

    const [mail] = await arrived(waiting[0]!);
    expect(mail!.subject).toBe(`${product.name} has returned`);
    expect(mail!.text).toContain(`${SHOP_URL}/products/${product.slug}`);
    expect(mail!.text).toContain(`From ${formatPaise(129_900)}`);

    // Sold out and restocked again: nobody left waiting, no second e-mail.
    expect((await setInventory(product.id, 0)).status).toBe(200);
    expect((await setInventory(product.id, 3)).status).toBe(200);
    expect(await backInStockMail(product.id)).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.messages.filter((message) => JSON.stringify(message.to).includes(waiting[0]!))).toHaveLength(1);
  });

  it('e-mails a size waiter when the edit puts that size back in stock, not before', async () => {
    const product = await createProduct({ inventory: 5, sizes: [{ size: '15ml', price: 649, inStock: false }, { size: '50ml', price: 0, inStock: true }] });
    const email = `size.${serial}@deosil.test`;
    expect((await join(product.id, { email, size: '15ml' })).status).toBe(201);

    // More units of a potion whose 15 ml is still off the shelf: the wait goes on.
    expect((await setInventory(product.id, 9)).status).toBe(200);
    expect(await backInStockMail(product.id)).toHaveLength(0);

    const edit = form({ name: product.name, inventory: 9, sizes: [{ size: '15ml', price: 649, inStock: true }, { size: '50ml', price: 0, inStock: true }] });
    expect((await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: edit })).status).toBe(200);
    expect((await backInStockMail(product.id)).map((mail) => mail.to)).toEqual([email]);
    const [mail] = await arrived(email);
    expect(mail!.subject).toBe(`${product.name} (15ml) has returned`);
  });

  it('sends nothing when the restocking edit is refused', async () => {
    const product = await createProduct();
    expect((await join(product.id, { email: `rollback.${serial}@deosil.test` })).status).toBe(201);
    const refused = await call(shop, 'PUT', `/api/products/${product.id}`, { token: admin, body: form({ name: product.name, inventory: 5, category: 'no-such-category' }) });
    expect(refused.status).toBe(400);
    expect(await backInStockMail(product.id)).toHaveLength(0);
    expect(await waitingCount(product.id)).toBe(1);
  });
});
