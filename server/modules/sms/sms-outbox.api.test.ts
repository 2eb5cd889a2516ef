import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startFakeMsg91, type FakeMsg91 } from '../../../tests/support/fake-msg91.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { msg91Provider } from './msg91-client.ts';
import { logSmsProvider } from './sms-provider.ts';
import { SmsSender } from './sms-sender.ts';

const AUTH_KEY = '412345AbCdEfGhIjKlMn';
const TEMPLATE_ID = '6650a1b2c3d4e5f6a7b8c9d0';
let shop: TestShop;
let msg91: FakeMsg91;
let serial = 0;

beforeAll(async () => {
  msg91 = await startFakeMsg91(AUTH_KEY);
  shop = await startTestShop({
    seed: false,
    env: { JOBS_IN_WEB: 'true', SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: AUTH_KEY, MSG91_SENDER_ID: 'DEOSIL', MSG91_SIGN_IN_TEMPLATE_ID: TEMPLATE_ID, MSG91_API_BASE: msg91.url },
  });
});
afterAll(async () => {
  await shop?.close();
  await msg91?.close();
});

function freshNumber(): string {
  serial += 1;
  return `8${String(Date.now() % 1e5).padStart(5, '0')}${String(serial).padStart(4, '0')}`;
}

async function enqueue(phone: string, otp = '424242', dedupeKey = `test:${phone}:${otp}`): Promise<string | null> {
  return shop.database.db.transaction((tx) => shop.app.services.smsOutbox.enqueue(tx, { template: 'sign-in-code', to: phone, variables: { otp }, dedupeKey }));
}

async function rowOf(id: string) {
  const [row] = await shop.database.db.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row!;
}

async function settled(id: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const row = await rowOf(id);
    if (['sent', 'kept', 'dead'].includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`Text ${id} still ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A text in the outbox with no job behind it: only the sender a test runs will touch it. */
async function unqueued(phone: string, otp: string): Promise<string> {
  const [row] = await shop.database.db
    .insert(smsMessages)
    .values({ dedupeKey: `unqueued:${phone}`, template: 'sign-in-code', toNumber: `+91${phone}`, variables: { otp }, body: `${otp} is your code` })
    .returning({ id: smsMessages.id });
  return row!.id;
}

const requestsTo = (phone: string) => msg91.requests.filter((request) => request.body.recipients?.[0]?.mobiles === `91${phone}`);
const deliveredTo = (phone: string) => msg91.delivered.filter((text) => text.mobiles === `91${phone}`);

describe('the SMS outbox', () => {
  it('retries a text MSG91 refused, and sends it once it answers', async () => {
    const phone = freshNumber();
    msg91.failNext(2);
    const id = (await enqueue(phone))!;
    const row = await settled(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(requestsTo(phone)).toHaveLength(3);
    expect(deliveredTo(phone)).toEqual([{ mobiles: `91${phone}`, variables: { otp: '424242' }, templateId: TEMPLATE_ID }]);
  });

  it('gives a text up after the last retry, saying what MSG91 answered', async () => {
    const phone = freshNumber();
    msg91.failNext(4);
    const row = await settled((await enqueue(phone))!);
    expect(row.status).toBe('dead');
    expect(row.attempts).toBe(4);
    expect(row.lastError).toBe('Attempt 4: MSG91 answered 500: Internal server error');
    expect(deliveredTo(phone)).toEqual([]);
  });

  it('sends a text once however many workers run its job at the same moment', async () => {
    const phone = freshNumber();
    const id = (await enqueue(phone))!;
    const extra = new SmsSender(shop.database.db, msg91Provider({ authKey: AUTH_KEY, senderId: 'DEOSIL', templateIds: { 'sign-in-code': TEMPLATE_ID }, apiBase: msg91.url }), {
      maxAttempts: 4,
      leaseSeconds: 5,
    });
    await Promise.allSettled(Array.from({ length: 5 }, () => extra.deliver(id)));
    await settled(id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(deliveredTo(phone)).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  it('enqueues one text per cause, and none for a write that rolled back', async () => {
    const phone = freshNumber();
    const first = await enqueue(phone, '111111', `once:${phone}`);
    const second = await enqueue(phone, '222222', `once:${phone}`);
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const other = freshNumber();
    await expect(
      shop.database.db.transaction(async (tx) => {
        await shop.app.services.smsOutbox.enqueue(tx, { template: 'sign-in-code', to: other, variables: { otp: '333333' }, dedupeKey: `rolled-back:${other}` });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    await settled(first!);
    expect(deliveredTo(phone)).toHaveLength(1);
    expect(await shop.database.db.select().from(smsMessages).where(eq(smsMessages.toNumber, `+91${other}`))).toEqual([]);
  });

  it('records a refused auth key as a failed attempt with MSG91\'s words', async () => {
    const phone = freshNumber();
    const id = await unqueued(phone, '555555');
    const wrongKey = new SmsSender(shop.database.db, msg91Provider({ authKey: 'not-the-key-at-all', senderId: 'DEOSIL', templateIds: { 'sign-in-code': TEMPLATE_ID }, apiBase: msg91.url }), {
      maxAttempts: 2,
      leaseSeconds: 5,
    });
    await expect(wrongKey.deliver(id)).rejects.toThrow('MSG91 answered 401: Authentication failure');
    expect(await rowOf(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Attempt 1: MSG91 answered 401: Authentication failure' });
    await wrongKey.deliver(id);
    expect(await rowOf(id)).toMatchObject({ status: 'dead', attempts: 2 });
    expect(deliveredTo(phone)).toEqual([]);
  });

  it('keeps a text, code and all, for the back office when no SMS provider is set', async () => {
    const phone = freshNumber();
    const id = await unqueued(phone, '987654');
    await new SmsSender(shop.database.db, logSmsProvider, { maxAttempts: 4, leaseSeconds: 5 }).deliver(id);
    expect(await rowOf(id)).toMatchObject({ status: 'kept', attempts: 1, variables: { otp: '987654' }, body: '987654 is your code', providerReference: null });
    expect(requestsTo(phone)).toEqual([]);
  });

  it('lists every text for the back office, with a code shown only where the log provider kept it', async () => {
    const kept = freshNumber();
    const keptId = await unqueued(kept, '246810');
    await new SmsSender(shop.database.db, logSmsProvider, { maxAttempts: 4, leaseSeconds: 5 }).deliver(keptId);
    const waiting = freshNumber();
    await unqueued(waiting, '135791');
    const sent = freshNumber();
    await settled((await enqueue(sent, '112233'))!);

    const admin = await signInAdmin(shop);
    const listed = await call(shop, 'GET', '/api/admin/sms?page=1&limit=50', { token: admin });
    expect(listed.status).toBe(200);
    const texts = listed.body.texts as { to: string; body: string; status: string }[];
    const of = (phone: string) => texts.find((text) => text.to === `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`)!;
    expect(of(kept)).toMatchObject({ status: 'kept', body: '246810 is your code' });
    expect(of(waiting)).toMatchObject({ status: 'queued', body: '•••••• is your Deosil Perfumes sign-in code. It works once, for 10 minutes. Never share it.' });
    expect(of(sent)).toMatchObject({ status: 'sent', body: '•••••• is your Deosil Perfumes sign-in code. It works once, for 10 minutes. Never share it.' });

    const { token: customer } = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/admin/sms', { token: customer })).status).toBe(403);
  });
});
