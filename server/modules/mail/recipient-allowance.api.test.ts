import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin, type Call } from '../../../tests/support/accounts.ts';
import { startTestShop, TEST_JOBS, type TestShop } from '../../../tests/support/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { emailMessages, products } from '../../db/schema/index.ts';

let shop: TestShop;
let admin: string;
let ip = 0;
// Each request from its own network: the per-network form limits are not what these tests are about.
const from = () => `198.51.100.${++ip}`;

beforeAll(async () => {
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://shop.deosil.test' } });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

const messagesTo = async (template: string) =>
  (await shop.database.db.select().from(emailMessages).where(eq(emailMessages.template, template))).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

const jobsFor = async (messageId: string) => {
  const { rows } = await shop.database.executeSql(`select count(*)::int as count from pgboss.job where data->>'messageId' = $1`, [messageId]);
  return Number(rows[0]!.count);
};

const contact = (email: string) => call(shop, 'POST', '/api/contact', { body: { name: 'Rohan', email, subject: 'Hello', message: 'Visit https://spam.example now' }, ip: from() });

describe('mail a visitor can send to an address they typed', () => {
  it('goes to one mailbox three times a day, however its address is spelled; then the answer is the same and nothing is sent', async () => {
    const spellings = ['priya.sharma@gmail.com', 'PriyaSharma+a@gmail.com', 'p.riya.sharma+b@googlemail.com', 'priyasharma@gmail.com', 'priya.sharma+z@gmail.com'];
    const answers: Call[] = [];
    for (const email of spellings) answers.push(await contact(email));
    // Each message has its own ticket number; past that, a withheld acknowledgement changes nothing in the answer.
    const asAnswered = (answer: Call) => ({ status: answer.status, message: String(answer.body.message).replace(String(answer.body.ticketNumber), 'DP-…') });
    for (const answer of answers) expect(asAnswered(answer)).toEqual(asAnswered(answers[0]!));
    expect(answers[0]!.status).toBe(201);

    const acknowledgements = await messagesTo('contact-acknowledgement');
    expect(acknowledgements.map((message) => message.status)).toEqual(['queued', 'queued', 'queued', 'withheld', 'withheld']);
    for (const message of acknowledgements.slice(0, 3)) expect(await jobsFor(message.id)).toBe(1);
    for (const message of acknowledgements.slice(3)) expect(await jobsFor(message.id)).toBe(0);

    // Another mailbox has its own allowance; dots outside Gmail name another mailbox.
    await contact('priya.sharma@deosil.test');
    expect((await messagesTo('contact-acknowledgement')).at(-1)!.status).toBe('queued');
  });

  it('shares one allowance across the newsletter, the restock notice and the verification link', async () => {
    const customer = await registerCustomer(shop, { email: 'kavya@deosil.test' });
    const resend = () => call(shop, 'POST', '/api/auth/verify-email/resend', { token: customer.token });
    const first = await resend();
    expect(first.status).toBe(200);
    expect((await call(shop, 'POST', '/api/newsletter', { body: { email: 'Kavya+news@deosil.test' }, ip: from() })).status).toBe(200);

    const [nazar] = await shop.database.db.select().from(products).where(eq(products.slug, 'nazar'));
    await shop.database.db.update(products).set({ inventory: 0 }).where(eq(products.id, nazar!.id));
    expect((await call(shop, 'POST', '/api/waitlist', { body: { productId: nazar!.id, email: 'KAVYA+wait@deosil.test' }, ip: from() })).status).toBe(201);
    expect((await call(shop, 'PATCH', `/api/products/${nazar!.id}/inventory`, { token: admin, body: { set: 5 } })).status).toBe(200);

    // The fourth: answered as the first was, and withheld.
    const second = await resend();
    expect({ status: second.status, body: second.body }).toEqual({ status: first.status, body: first.body });
    expect((await messagesTo('verify-email')).map((message) => message.status)).toEqual(['queued', 'withheld']);
    expect((await messagesTo('newsletter-confirm')).map((message) => message.status)).toEqual(['queued']);
    expect((await messagesTo('back-in-stock')).map((message) => message.status)).toEqual(['queued']);
    // The welcome mail of a new account is not the visitor's to repeat (one per address, ever) and is not counted.
    expect((await messagesTo('welcome-verify-email')).map((message) => message.status)).toEqual(['queued']);
  });

  it('shows the admin what was withheld: in the e-mail log and counted in /metrics by template', async () => {
    const listed = await call(shop, 'GET', '/api/admin/emails?limit=100', { token: admin });
    const withheld = (listed.body.emails as { template: string; status: string }[]).filter((email) => email.status === 'withheld');
    expect(withheld.map((email) => email.template).sort()).toEqual(['contact-acknowledgement', 'contact-acknowledgement', 'verify-email']);

    const metrics = (await shop.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^shop_emails_withheld\{template="contact-acknowledgement"\} 2$/m);
    expect(metrics).toMatch(/^shop_emails_withheld\{template="verify-email"\} 1$/m);
  });

  it('counts in the database, so another web process on the same database shares the allowance', async () => {
    await contact('meera@deosil.test');
    await contact('meera@deosil.test');
    const other = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', JOBS_IN_WEB: 'false' }), database: shop.database, jobs: TEST_JOBS, pages: false });
    try {
      const answer = await other.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Rohan', email: 'Meera+x@deosil.test', subject: 'Hi', message: 'x' }, remoteAddress: from() });
      expect(answer.statusCode).toBe(201);
      await contact('meera@deosil.test');
    } finally {
      await other.close();
    }
    const toMeera = (await messagesTo('contact-acknowledgement')).filter((message) => message.toAddress.startsWith('meera'));
    expect(toMeera.map((message) => message.status)).toEqual(['queued', 'queued', 'queued', 'withheld']);
  });
});
