import { randomInt } from 'node:crypto';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentsResponse } from '../../../contracts/privacy.ts';
import { erasedEmailOf, PRIVACY_NOTICE_VERSION } from '../../../domain/data-rights.ts';
import * as schema from '../../db/schema/index.ts';
import { auditLog, consentRecords, emailMessages, emailUnsubscribes, newsletterSubscribers, orders, products, returnPhotoUploads, reviews, stockWaitlist, users } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { placeOrder } from '../../../tests/support/checkout.ts';
import { contentsOf } from '../../../tests/support/database-contents.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { EMAIL_COLUMNS, PERSONAL_DATA } from './personal-data.ts';

let shop: TestShop;
let admin: string;
let potion: number;

beforeAll(async () => {
  shop = await startTestShop({ env: { PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' } });
  admin = await signInAdmin(shop);
  const [row] = await shop.database.db.update(products).set({ inventory: 1000 }).where(eq(products.slug, 'valor')).returning();
  potion = row!.id;
});
afterAll(async () => {
  await shop?.close();
});

/** The tables the schema declares that hold a customer's data: linked to an account, or holding an e-mail address. */
function personalTables(): string[] {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  return tables
    .map((table) => getTableConfig(table))
    .filter(
      (config) =>
        config.foreignKeys.some((key) => getTableConfig(key.reference().foreignTable).name === 'users') ||
        config.columns.some((column) => (EMAIL_COLUMNS as readonly string[]).includes(column.name)) ||
        config.name === 'users',
    )
    .map((config) => config.name)
    .sort();
}

/** A customer whose name, address and phone appear nowhere else, so finding them anywhere is finding them. */
function uniquePerson() {
  const tag = randomInt(100_000, 999_999);
  // An Indian mobile, written as the shop keeps it ('+91 98765 43210').
  const mobile = `9${tag}${tag.toString().slice(0, 3)}`;
  return {
    name: `Zephyrine Quillon${tag}`,
    email: `zq.${tag}@deosil.test`,
    phone: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
    street: `${tag} Nightjar Lane`,
  };
}

type Person = ReturnType<typeof uniquePerson>;

/** Signs a customer up and gives them rows in every table a shopper can leave data in. */
async function busyCustomer(person: Person) {
  const customer = await registerCustomer(shop, { name: person.name, email: person.email, preferences: { newsletter: true, favoriteScents: [], intensityPreference: '', budgetRange: '' } });
  const db = shop.database.db;
  await call(shop, 'PUT', '/api/auth/me', { token: customer.token, body: { name: person.name, phone: person.phone, address: `${person.street}, Pune 411001` } });
  const order = await placeOrder(shop, customer.token, [{ productId: potion, size: '50ml', quantity: 1 }], {
    customerInfo: { name: person.name, email: person.email, phone: person.phone },
    shippingAddress: { street: person.street, city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' },
  });
  const review = await call(shop, 'POST', '/api/reviews', {
    token: customer.token,
    body: { productId: potion, title: 'Strong', comment: 'Burns like a comet.', rating: 5, ratings: { potency: 5, longevity: 4, aura: 5 } },
  });
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  await call(shop, 'POST', '/api/profile/product-views', { token: customer.token, body: { productId: potion } });
  expect((await call(shop, 'POST', '/api/newsletter', { body: { email: person.email }, ip: '192.0.2.50' })).status).toBe(200);
  const contact = await call(shop, 'POST', '/api/contact', { body: { name: person.name, email: person.email, subject: 'Where is my potion', message: `Call me on ${person.phone}` }, ip: '192.0.2.51' });
  expect(contact.status, JSON.stringify(contact.body)).toBe(201);
  await db.insert(stockWaitlist).values({ productId: potion, size: '15ml', email: person.email });
  await db.insert(emailUnsubscribes).values({ email: person.email, list: 'review-requests' });
  await db.insert(returnPhotoUploads).values({ name: `photo-${randomInt(1e9)}.webp`, userId: customer.user.id });
  return { ...customer, order };
}

async function deliver(orderNumber: string) {
  const delivered = await call(shop, 'PUT', `/api/admin/orders/${orderNumber}/status`, { token: admin, body: { status: 'delivered' } });
  expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
}

/** Every row of every table that still names the person, as `table: row`. */
async function rowsNaming(person: Person): Promise<string[]> {
  const { rows: tables } = await shop.database.executeSql(
    "select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
  );
  const found: string[] = [];
  for (const { schema: tableSchema, name } of tables as { schema: string; name: string }[]) {
    const { rows } = await shop.database.executeSql(`select t::text as row from "${tableSchema}"."${name}" t`);
    for (const { row } of rows as { row: string }[]) {
      if ([person.name, person.email, person.phone, person.street].some((text) => row.includes(text))) found.push(`${name}: ${row}`);
    }
  }
  return found;
}

describe('the map of personal data', () => {
  it('covers every table the schema links to an account or an e-mail address', () => {
    const missing = personalTables().filter((table) => !PERSONAL_DATA[table]);
    expect(missing, 'add these tables to PERSONAL_DATA (server/modules/privacy/personal-data.ts)').toEqual([]);
  });

  it("puts every customer table in a section of the customer's data export", async () => {
    const customer = await registerCustomer(shop);
    const exported = await call(shop, 'GET', '/api/privacy/my-data.json', { token: customer.token });
    const sections = Object.keys((exported.body as { sections: Record<string, unknown> }).sections);
    const expected = personalTables().flatMap((table) => (PERSONAL_DATA[table]?.erasure === 'staff' ? [] : [PERSONAL_DATA[table]!.section]));
    expect(sections).toEqual(expect.arrayContaining(expected));
  });
});

describe('consents', () => {
  it('records the newsletter ticked at sign-up, and its withdrawal from Privacy with one switch', async () => {
    const customer = await registerCustomer(shop, { preferences: { newsletter: true, favoriteScents: [], intensityPreference: '', budgetRange: '' } });
    const given = (await call(shop, 'GET', '/api/privacy/consents', { token: customer.token })).body as unknown as ConsentsResponse;
    expect(given.consents.find((consent) => consent.purpose === 'newsletter')).toMatchObject({ granted: true, changedAt: expect.any(String) });
    expect(given.history).toEqual([expect.objectContaining({ purpose: 'newsletter', granted: true, source: 'sign-up', noticeVersion: PRIVACY_NOTICE_VERSION })]);

    const withdrawn = await call(shop, 'PUT', '/api/privacy/consents/newsletter', { token: customer.token, body: { granted: false } });
    expect(withdrawn.status).toBe(200);
    expect((withdrawn.body as unknown as ConsentsResponse).history[0]).toMatchObject({ purpose: 'newsletter', granted: false, source: 'privacy' });
    const me = await call(shop, 'GET', '/api/auth/me', { token: customer.token });
    expect((me.body.user as { preferences: { newsletter: boolean } }).preferences.newsletter).toBe(false);
  });

  it("ends a footer-form subscription of the account's address when the newsletter is withdrawn", async () => {
    const customer = await registerCustomer(shop);
    expect((await call(shop, 'POST', '/api/newsletter', { body: { email: customer.user.email }, ip: '192.0.2.61' })).status).toBe(200);
    await call(shop, 'PUT', '/api/privacy/consents/newsletter', { token: customer.token, body: { granted: true } });
    await call(shop, 'PUT', '/api/privacy/consents/newsletter', { token: customer.token, body: { granted: false } });
    expect(await shop.database.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, customer.user.email))).toEqual([]);
  });

  it('starts with nothing given, and logs a consent given in the profile settings', async () => {
    const customer = await registerCustomer(shop);
    const before = (await call(shop, 'GET', '/api/privacy/consents', { token: customer.token })).body as unknown as ConsentsResponse;
    expect(before.consents.every((consent) => !consent.granted && consent.changedAt === null)).toBe(true);
    expect(before.history).toEqual([]);
    await call(shop, 'PUT', '/api/auth/me', { token: customer.token, body: { name: customer.user.name, preferences: { smsNotifications: true } } });
    const after = (await call(shop, 'GET', '/api/privacy/consents', { token: customer.token })).body as unknown as ConsentsResponse;
    expect(after.history).toEqual([expect.objectContaining({ purpose: 'sms', granted: true, source: 'profile' })]);
  });

  it('logs a newsletter sign-up by address when it is confirmed from the e-mail', async () => {
    const email = `reader.${randomInt(1e9)}@deosil.test`;
    await call(shop, 'POST', '/api/newsletter', { body: { email }, ip: '192.0.2.60' });
    expect(await shop.database.db.select().from(consentRecords).where(eq(consentRecords.email, email))).toEqual([]);
    const [message] = await shop.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email));
    const token = new URL((message!.data as { confirmUrl: string }).confirmUrl).searchParams.get('token');
    expect((await call(shop, 'POST', '/api/newsletter/confirm', { body: { token }, ip: '192.0.2.60' })).status).toBe(200);
    expect(await shop.database.db.select().from(consentRecords).where(eq(consentRecords.email, email))).toEqual([
      expect.objectContaining({ purpose: 'newsletter', granted: true, source: 'newsletter-form', noticeVersion: PRIVACY_NOTICE_VERSION, userId: null }),
    ]);
  });

  it('refuses an unknown consent naming the purpose, and a missing choice naming granted', async () => {
    const customer = await registerCustomer(shop);
    const unknown = await call(shop, 'PUT', '/api/privacy/consents/telepathy', { token: customer.token, body: { granted: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'purpose' })]);
    const missing = await call(shop, 'PUT', '/api/privacy/consents/sms', { token: customer.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'granted' })]);
    expect((await call(shop, 'GET', '/api/privacy/consents')).status).toBe(401);
  });
});

describe('the data download', () => {
  it("holds the customer's profile, addresses, orders, reviews, notifications and consents, and nobody else's", async () => {
    const person = uniquePerson();
    const customer = await busyCustomer(person);
    const other = await registerCustomer(shop);
    const exported = await call(shop, 'GET', '/api/privacy/my-data.json', { token: customer.token });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="deosil-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const { sections } = exported.body as { sections: Record<string, unknown> };
    expect(sections.account).toMatchObject({ name: person.name, email: person.email, phone: person.phone });
    expect(sections.account).not.toHaveProperty('passwordHash');
    expect(sections.addresses).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.objectContaining({ street: person.street }) })]));
    expect(sections.orders).toEqual([expect.objectContaining({ orderNumber: customer.order.orderNumber, items: [expect.objectContaining({ quantity: 1 })] })]);
    for (const section of ['reviews', 'notifications', 'consents', 'productViews', 'newsletter', 'contactMessages', 'stockAlerts', 'unsubscribes', 'emails', 'checkouts', 'returnPhotos', 'sessions']) {
      expect(sections[section], section).not.toEqual([]);
    }
    expect(JSON.stringify(sections)).not.toContain(other.user.email);

    const page = await shop.app.inject({ method: 'GET', url: '/api/privacy/my-data.html', headers: { authorization: `Bearer ${customer.token}` } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h2>Orders</h2>');
    expect(page.body).toContain(customer.order.orderNumber);
    expect(page.body).toContain(person.street);
  });

  it('is only for the signed-in customer', async () => {
    expect((await call(shop, 'GET', '/api/privacy/my-data.json')).status).toBe(401);
  });
});

describe('erasing an account', () => {
  it('waits for an order on its way, then leaves the person nowhere but the kept invoice', async () => {
    const person = uniquePerson();
    const customer = await busyCustomer(person);
    const db = shop.database.db;

    const inTransit = await call(shop, 'POST', '/api/privacy/erase-account', { token: customer.token, body: { password: customer.password } });
    expect(inTransit.status).toBe(409);
    expect(inTransit.body.errors).toEqual([{ field: 'account', message: `Order ${customer.order.orderNumber} is still on its way. Your account can be erased once it is delivered or cancelled.` }]);

    await deliver(customer.order.orderNumber);
    const before = await contentsOf(shop.database);
    const wrongPassword = await call(shop, 'POST', '/api/privacy/erase-account', { token: customer.token, body: { password: 'not-my-password' } });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.errors).toEqual([{ field: 'password', message: 'Password is incorrect' }]);
    expect(await contentsOf(shop.database)).toEqual(before);

    const erased = await call(shop, 'POST', '/api/privacy/erase-account', { token: customer.token, body: { password: customer.password } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(erased.body.invoicesKept).toEqual([customer.order.orderNumber]);

    // The invoiced order is the one place left, kept whole for CGST Act s.36.
    const naming = await rowsNaming(person);
    expect(naming.filter((row) => !row.startsWith(`orders: (${customer.order.id},`))).toEqual([]);
    const [kept] = await db.select().from(orders).where(eq(orders.id, customer.order.id));
    expect(kept).toMatchObject({ customerName: person.name, invoiceNumber: expect.any(String) });

    const [review] = await db.select().from(reviews).where(eq(reviews.productId, potion));
    expect(review).toBeDefined();
    const shown = await call(shop, 'GET', `/api/reviews/product/${potion}`);
    expect(JSON.stringify(shown.body)).not.toContain(person.name);
    expect(JSON.stringify(shown.body)).toContain('Burns like a comet.');

    expect((await call(shop, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
    const signIn = await call(shop, 'POST', '/api/auth/login', { body: { email: person.email, password: customer.password } });
    expect(signIn.status).toBe(401);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, customer.user.id));
    expect(audit).toMatchObject({ action: 'customer.erased', actorId: null, details: { requestedBy: 'customer', invoicesKept: [kept!.invoiceNumber] } });
  });

  it('by an admin for a customer who wrote in, with an audit entry naming the admin and the request', async () => {
    const person = uniquePerson();
    const customer = await busyCustomer(person);
    await deliver(customer.order.orderNumber);
    const url = `/api/admin/users/${customer.user.id}/erase`;
    expect((await call(shop, 'POST', url, { body: { reference: 'e-mail of 20 Nov' } })).status).toBe(401);
    const other = await registerCustomer(shop);
    expect((await call(shop, 'POST', url, { token: other.token, body: { reference: 'e-mail of 20 Nov' } })).status).toBe(403);
    const noReference = await call(shop, 'POST', url, { token: admin, body: {} });
    expect(noReference.status).toBe(400);
    expect(noReference.body.errors).toEqual([expect.objectContaining({ field: 'reference' })]);
    expect((await call(shop, 'POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/erase', { token: admin, body: { reference: 'e-mail of 20 Nov' } })).status).toBe(404);

    const erased = await call(shop, 'POST', url, { token: admin, body: { reference: 'e-mail of 20 Nov' } });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    const [adminRow] = await shop.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
    const [audit] = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, customer.user.id));
    expect(audit).toMatchObject({ action: 'customer.erased', actorId: adminRow!.id, details: { requestedBy: 'admin', reference: 'e-mail of 20 Nov' } });
    expect((await rowsNaming(person)).filter((row) => !row.startsWith(`orders: (${customer.order.id},`))).toEqual([]);

    const again = await call(shop, 'POST', url, { token: admin, body: { reference: 'e-mail of 20 Nov' } });
    expect(again.status).toBe(409);
    expect((await call(shop, 'POST', `/api/admin/users/${adminRow!.id}/erase`, { token: admin, body: { reference: 'test' } })).status).toBe(403);
  });

  it('of an account without orders leaves nothing of it at all', async () => {
    const person = uniquePerson();
    const customer = await registerCustomer(shop, { name: person.name, email: person.email });
    await call(shop, 'PUT', '/api/auth/me', { token: customer.token, body: { name: person.name, phone: person.phone } });
    const erased = await call(shop, 'POST', '/api/privacy/erase-account', { token: customer.token, body: { password: customer.password } });
    expect(erased.status).toBe(200);
    expect(erased.body.invoicesKept).toEqual([]);
    expect(await rowsNaming(person)).toEqual([]);
  });
});

describe('mail after an erasure', () => {
  it("writes and sends nothing to an erased account's address", async () => {
    const sent = await shop.database.db.transaction((tx) =>
      shop.app.services.outbox.enqueue(tx, { dedupeKey: `erased-test:${randomInt(1e9)}`, template: 'password-changed', category: 'security', to: erasedEmailOf('00000000-0000-4000-8000-000000000001'), data: { name: 'x', changedAt: new Date().toISOString() } as never }),
    );
    expect(sent.created).toBe(false);
    expect(await shop.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, erasedEmailOf('00000000-0000-4000-8000-000000000001')))).toEqual([]);
  });
});
