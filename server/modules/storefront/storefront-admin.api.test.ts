import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessagesResponse, NewsletterSubscribersResponse } from '../../../contracts/admin-messages.ts';
import { newsletterSubscribers } from '../../db/schema/storefront.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop({ seed: false, clock: () => new Date('2026-11-21T20:00:00Z'), env: { PUBLIC_FORM_RATE_LIMIT: '1000' } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

describe('storefront messages in the back office', () => {
  it('lists contact messages newest first, as sent from the contact page', async () => {
    await call(shop, 'POST', '/api/contact', { body: { name: 'Asha', email: 'asha@example.in', subject: 'Custom blend', message: 'Could you make a rose and oud potion?' } });
    await call(shop, 'POST', '/api/contact', { body: { name: 'Ravi', email: 'RAVI@example.in', subject: 'Order', message: 'Where is my parcel?' } });
    const response = await call(shop, 'GET', '/api/admin/contact-messages', { token: admin });
    const body = response.body as unknown as ContactMessagesResponse;
    expect(body.messages.map((message) => message.name)).toEqual(['Ravi', 'Asha']);
    expect(body.messages[0]).toMatchObject({ email: 'ravi@example.in', subject: 'Order', message: 'Where is my parcel?', handledAt: null });
    expect(body.pagination).toEqual({ page: 1, limit: 50, total: 2, pages: 1 });
    const paged = (await call(shop, 'GET', '/api/admin/contact-messages?limit=1&page=2', { token: admin })).body as unknown as ContactMessagesResponse;
    expect(paged.messages.map((message) => message.name)).toEqual(['Asha']);
  });

  it('lists newsletter subscribers and exports them as CSV that spreadsheets cannot run', async () => {
    await call(shop, 'POST', '/api/newsletter', { body: { email: 'moon@example.in' } });
    // Addresses that pass the e-mail check but start like a formula, or carry quotes and commas.
    await shop.database.db.insert(newsletterSubscribers).values([{ email: '=cmd|"/c calc"!a1@evil.in' }, { email: '+91,"quoted"@example.in' }, { email: '@sum@example.in' }, { email: '-1@example.in' }]);
    const listed = (await call(shop, 'GET', '/api/admin/newsletter-subscribers', { token: admin })).body as unknown as NewsletterSubscribersResponse;
    expect(listed.subscribers).toHaveLength(5);
    expect(listed.subscribers.map((subscriber) => subscriber.email)).toContain('moon@example.in');

    const csv = await shop.app.inject({ method: 'GET', url: '/api/admin/newsletter-subscribers.csv', headers: { authorization: `Bearer ${admin}` } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    // 20:00 UTC on 21 Nov is already 22 Nov in the shop.
    expect(csv.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers-2026-11-22.csv"');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Email,Subscribed At');
    expect(lines[1]).toMatch(/^moon@example\.in,\d{4}-\d{2}-\d{2}T/);
    expect(csv.body).toContain(`"'=cmd|""/c calc""!a1@evil.in",`);
    expect(csv.body).toContain(`"'+91,""quoted""@example.in",`);
    expect(csv.body).toContain(`'@sum@example.in,`);
    expect(csv.body).toContain(`'-1@example.in,`);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(7);
  });

  it('is for admins only', async () => {
    const { token: customer } = await registerCustomer(shop);
    for (const url of ['/api/admin/contact-messages', '/api/admin/newsletter-subscribers', '/api/admin/newsletter-subscribers.csv']) {
      expect((await shop.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await shop.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${customer}` } })).statusCode, url).toBe(403);
    }
  });
});
