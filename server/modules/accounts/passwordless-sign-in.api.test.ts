import { and, count, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../contracts/auth.ts';
import { phoneMessages } from '../../../domain/phone.ts';
import { SIGN_IN_CODE_TRIES, signInMessages } from '../../../domain/sign-in.ts';
import { call, freshAddress, registerCustomer } from '../../../tests/support/accounts.ts';
import { startFakeMsg91, type FakeMsg91 } from '../../../tests/support/fake-msg91.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { signInChallenges, smsMessages, users } from '../../db/schema/index.ts';
import { CodeDigests } from './passwordless-sign-in.ts';

const SHOP_URL = 'https://shop.deosil.test';
const AUTH_KEY = '412345AbCdEfGhIjKlMn';
const TEMPLATE_ID = '6650a1b2c3d4e5f6a7b8c9d0';
const MINUTE = 60_000;
let shop: TestShop;
let msg91: FakeMsg91;
let smtp: SmtpCatcher;
let offsetMs = 0;
let numbers = 0;

beforeAll(async () => {
  msg91 = await startFakeMsg91(AUTH_KEY);
  smtp = await startSmtpCatcher();
  shop = await startTestShop({
    seed: false,
    clock: () => new Date(Date.now() + offsetMs),
    env: {
      JOBS_IN_WEB: 'true',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Deosil Perfumes <coven@deosil.test>',
      PUBLIC_URL: SHOP_URL,
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: AUTH_KEY,
      MSG91_SENDER_ID: 'DEOSIL',
      MSG91_SIGN_IN_TEMPLATE_ID: TEMPLATE_ID,
      MSG91_API_BASE: msg91.url,
    },
  });
});
afterAll(async () => {
  await shop?.close();
  await msg91?.close();
  await smtp?.close();
});
beforeEach(() => {
  offsetMs = 0;
});

/** A mobile number no other test uses: '9' and nine digits. */
function freshNumber(): string {
  numbers += 1;
  return `9${String(Date.now() % 1e5).padStart(5, '0')}${String(numbers).padStart(4, '0')}`;
}

const askCode = (phone: string, ip = freshAddress()) => call(shop, 'POST', '/api/auth/sign-in/code', { body: { phone }, ip });
const verify = (body: Record<string, unknown>) => call(shop, 'POST', '/api/auth/sign-in/code/verify', { body });

/** The code MSG91 was asked to text to the number, once the SMS job has sent it. */
async function textedCode(phone: string, nth = 1, timeoutMs = 15_000): Promise<string> {
  const mobiles = `91${phone.replace(/\D/g, '').slice(-10)}`;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const texts = msg91.delivered.filter((text) => text.mobiles === mobiles);
    if (texts.length >= nth) return texts[nth - 1]!.variables.otp!;
    if (Date.now() > end) throw new Error(`No text ${nth} to ${mobiles}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function codeFor(phone: string): Promise<string> {
  const before = msg91.delivered.filter((text) => text.mobiles === `91${phone}`).length;
  expect((await askCode(phone)).status).toBe(200);
  return textedCode(phone, before + 1);
}

async function textsTo(phone: string): Promise<number> {
  const [row] = await shop.database.db.select({ n: count() }).from(smsMessages).where(eq(smsMessages.toNumber, `+91${phone}`));
  return row!.n;
}

/** A new shopper who signs in by a texted code, with the account the first code makes. */
async function phoneShopper(): Promise<{ phone: string; token: string; user: User }> {
  const phone = freshNumber();
  const code = await codeFor(phone);
  const joined = await verify({ phone, code, name: 'Tara Moon', email: `tara.${phone}@deosil.test` });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  return { phone, token: joined.body.token as string, user: joined.body.user as User };
}

describe('sign in with a texted code', () => {
  it('texts a 6-digit code through MSG91 with the DLT template, the sender id and the number in international form', async () => {
    const phone = freshNumber();
    const asked = await askCode(`+91 ${phone.slice(0, 5)}-${phone.slice(5)}`);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(signInMessages.codeSent(phone));
    const code = await textedCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const request = msg91.requests.find((sent) => sent.body.recipients?.[0]?.mobiles === `91${phone}`)!;
    expect(request.headers).toEqual({ authkey: AUTH_KEY, 'content-type': 'application/json' });
    expect(request.body).toEqual({ template_id: TEMPLATE_ID, sender: 'DEOSIL', short_url: '0', recipients: [{ mobiles: `91${phone}`, otp: code }] });

    // Once MSG91 has it, the shop keeps neither the code nor anything it could be read back from.
    // MSG91 has it a moment before the worker records that it went.
    let text: typeof smsMessages.$inferSelect | undefined;
    await vi.waitFor(async () => {
      [text] = await shop.database.db.select().from(smsMessages).where(eq(smsMessages.toNumber, `+91${phone}`));
      expect(text?.status).toBe('sent');
    });
    expect(text).toMatchObject({ status: 'sent', template: 'sign-in-code', attempts: 1, variables: { otp: '••••••' } });
    expect(text!.body).toBe('•••••• is your Deosil Perfumes sign-in code. It works once, for 10 minutes. Never share it.');
    expect(text!.providerReference).toMatch(/^3\d{23}$/);
    const [challenge] = await shop.database.db.select().from(signInChallenges).where(eq(signInChallenges.destination, `+91${phone}`));
    expect(challenge!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge!.secretHash).not.toContain(code);
    expect(challenge!.expiresAt.getTime() - challenge!.createdAt.getTime()).toBe(10 * MINUTE);
  });

  it('makes the account on first use, with the phone verified, asking a new number for a name and e-mail without spending the code', async () => {
    const phone = freshNumber();
    const code = await codeFor(phone);
    const noName = await verify({ phone, code });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual([{ field: 'name', message: signInMessages.newAccount.name }]);
    const noEmail = await verify({ phone, code, name: 'Tara Moon' });
    expect(noEmail.body.errors).toEqual([{ field: 'email', message: signInMessages.newAccount.email }]);

    const joined = await verify({ phone, code, name: 'Tara Moon', email: `Tara.${phone}@Deosil.test` });
    expect(joined.status).toBe(200);
    const user = joined.body.user as User;
    expect(user).toMatchObject({ name: 'Tara Moon', email: `tara.${phone}@deosil.test`, phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, emailVerified: false });
    expect((await call(shop, 'GET', '/api/auth/me', { token: joined.body.token as string })).status).toBe(200);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.verifiedPhone).toBe(`+91${phone}`);
    expect(row!.phoneVerifiedAt).not.toBeNull();
    // The password form does not open an account that never chose a password.
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: '!no-password' } })).status).toBe(401);

    // The next sign-in needs only a new code, and reaches the same account.
    const again = await verify({ phone, code: await codeFor(phone) });
    expect(again.status).toBe(200);
    expect((again.body.user as User).id).toBe(user.id);
  });

  it('refuses an e-mail that already has an account, and makes nothing', async () => {
    const { user } = await registerCustomer(shop);
    const phone = freshNumber();
    const code = await codeFor(phone);
    const taken = await verify({ phone, code, name: 'Tara Moon', email: user.email });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'email', message: signInMessages.newAccount.emailTaken }]);
    expect(await shop.database.db.select().from(users).where(eq(users.verifiedPhone, `+91${phone}`))).toEqual([]);
  });

  it('takes a code once', async () => {
    const { phone } = await phoneShopper();
    const code = await codeFor(phone);
    expect((await verify({ phone, code })).status).toBe(200);
    const reused = await verify({ phone, code });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ field: 'code', message: signInMessages.code.used }]);
  });

  it('takes a code for 10 minutes on the shop clock', async () => {
    const { phone } = await phoneShopper();
    const code = await codeFor(phone);
    offsetMs = 10 * MINUTE + 1000;
    const late = await verify({ phone, code });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: 'code', message: signInMessages.code.expired }]);
  });

  it('allows five wrong tries, then only a new code signs in', async () => {
    const { phone } = await phoneShopper();
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let attempt = 1; attempt <= SIGN_IN_CODE_TRIES; attempt += 1) answers.push((await verify({ phone, code: wrong })).body.errors);
    expect(answers[0]).toEqual([{ field: 'code', message: signInMessages.code.wrong(4) }]);
    expect(answers[SIGN_IN_CODE_TRIES - 1]).toEqual([{ field: 'code', message: signInMessages.code['worn-out'] }]);
    const right = await verify({ phone, code });
    expect(right.status).toBe(400);
    expect(right.body.errors).toEqual([{ field: 'code', message: signInMessages.code['worn-out'] }]);
    expect((await verify({ phone, code: await codeFor(phone) })).status).toBe(200);
  });

  it('counts parallel guesses one by one: ten at once get five tries between them', async () => {
    const { phone } = await phoneShopper();
    const code = await codeFor(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    await Promise.all(Array.from({ length: 10 }, () => verify({ phone, code: wrong })));
    const [challenge] = await shop.database.db
      .select()
      .from(signInChallenges)
      .where(and(eq(signInChallenges.destination, `+91${phone}`), eq(signInChallenges.failedAttempts, SIGN_IN_CODE_TRIES)));
    expect(challenge).toBeDefined();
    expect((await verify({ phone, code })).status).toBe(400);
  });

  it('makes an older code worthless once a newer one is sent', async () => {
    const { phone } = await phoneShopper();
    const first = await codeFor(phone);
    const second = await codeFor(phone);
    if (first !== second) expect((await verify({ phone, code: first })).status).toBe(400);
    expect((await verify({ phone, code: second })).status).toBe(200);
  });

  it('answers the same, with the same one hash check, for a number with an account and one without', async () => {
    const { phone: known } = await phoneShopper();
    const unknown = freshNumber();
    const askedKnown = await askCode(known);
    const askedUnknown = await askCode(unknown);
    expect(askedKnown.body.message).toBe(signInMessages.codeSent(known));
    expect(askedUnknown.body.message).toBe(signInMessages.codeSent(unknown));
    expect(Object.keys(askedKnown.body)).toEqual(Object.keys(askedUnknown.body));
    // The known number's first code made its account; this is its second.
    const knownCode = await textedCode(known, 2);
    const unknownCode = await textedCode(unknown, 1);

    const checks = vi.spyOn(CodeDigests.prototype, 'matches');
    try {
      const wrongKnown = await verify({ phone: known, code: knownCode === '000000' ? '000001' : '000000' });
      const afterKnown = checks.mock.calls.length;
      const wrongUnknown = await verify({ phone: unknown, code: unknownCode === '000000' ? '000001' : '000000' });
      expect(afterKnown).toBe(1);
      expect(checks.mock.calls.length - afterKnown).toBe(1);
      expect(wrongKnown.status).toBe(wrongUnknown.status);
      expect(wrongKnown.body).toEqual(wrongUnknown.body);
      // A number that was never sent a code costs the same single check.
      await verify({ phone: freshNumber(), code: '123456' });
      expect(checks.mock.calls.length - afterKnown).toBe(2);
    } finally {
      checks.mockRestore();
    }
  });

  it('sends at most five codes an hour to one number, even asked for all at once, then 429 with the wait', async () => {
    const phone = freshNumber();
    const answers = await Promise.all(Array.from({ length: 8 }, () => askCode(phone)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/as many codes and links there as an hour allows\. Please try again in \d+ minutes?\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await textsTo(phone)).toBe(5);
  });

  it('sends at most five codes an hour asked from one network, whatever the numbers', async () => {
    const ip = freshAddress();
    const phones = Array.from({ length: 6 }, freshNumber);
    const answers = [];
    for (const phone of phones) answers.push(await askCode(phone, ip));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.body.message).toMatch(/^Too many sign-in codes and links from this network/);
    expect(await textsTo(phones[5]!)).toBe(0);
  });

  it('refuses a malformed number or code, naming the field, and sends nothing', async () => {
    for (const phone of ['12345', '5876543210', '+1 415 555 0100', '']) {
      const refused = await askCode(phone);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'phone', message: phone ? phoneMessages.invalid : phoneMessages.required }]);
    }
    const badCode = await verify({ phone: freshNumber(), code: '12a456' });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors).toEqual([{ field: 'code', message: signInMessages.code.format }]);
    expect(msg91.requests.filter((sent) => sent.body.recipients?.[0]?.mobiles === '915876543210')).toEqual([]);
  });
});

/** The next message the SMTP server accepts for `to` whose subject matches. */
async function mailTo(to: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.messages.find((mail) => mail.subject === 'Your Deosil Perfumes sign-in link' && JSON.stringify(mail.to).includes(`"address":"${to}"`));
    if (found) {
      smtp.messages.splice(smtp.messages.indexOf(found), 1);
      return found;
    }
    if (Date.now() > end) throw new Error(`No sign-in link to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function linkFor(email: string, returnTo?: string): Promise<string> {
  const asked = await call(shop, 'POST', '/api/auth/sign-in/link', { body: { email, ...(returnTo ? { returnTo } : {}) }, ip: freshAddress() });
  expect(asked.status).toBe(200);
  expect(asked.body.message).toBe(signInMessages.linkSent);
  const mail = await mailTo(email.toLowerCase());
  const match = new RegExp(`${SHOP_URL.replace(/\./g, '\\.')}/sign-in\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

const redeem = (body: Record<string, unknown>) => call(shop, 'POST', '/api/auth/sign-in/link/redeem', { body });

describe('sign in with an e-mailed link', () => {
  it('makes a verified account on first use and brings the shopper back to the page they asked from', async () => {
    const email = `leela.${Date.now()}@deosil.test`;
    const token = await linkFor(email, '/checkout');
    const noName = await redeem({ token });
    expect(noName.status).toBe(400);
    expect(noName.body.errors).toEqual([{ field: 'name', message: signInMessages.newAccount.name }]);
    const joined = await redeem({ token, name: 'Leela Ray' });
    expect(joined.status).toBe(200);
    expect(joined.body.returnTo).toBe('/checkout');
    expect(joined.body.user).toMatchObject({ name: 'Leela Ray', email, emailVerified: true });
    // Proven by the link itself: no verification e-mail follows.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.messages.filter((mail) => JSON.stringify(mail.to).includes(email))).toEqual([]);
  });

  it('signs in an account with a password, verifying its address, and takes a link once', async () => {
    const { user } = await registerCustomer(shop);
    const token = await linkFor(user.email.toUpperCase(), 'https://evil.example/');
    const signedIn = await redeem({ token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.returnTo).toBe('/');
    expect(signedIn.body.user).toMatchObject({ id: user.id, emailVerified: true });
    const reused = await redeem({ token });
    expect(reused.status).toBe(400);
    expect(reused.body.errors).toEqual([{ field: 'token', message: signInMessages.link.used }]);
  });

  it('takes a link for 10 minutes, and never an altered one', async () => {
    const { user } = await registerCustomer(shop);
    const token = await linkFor(user.email);
    const altered = `${token.slice(0, 20)}${token[20] === 'A' ? 'B' : 'A'}${token.slice(21)}`;
    expect((await redeem({ token: altered })).body.errors).toEqual([{ field: 'token', message: signInMessages.link.invalid }]);
    offsetMs = 10 * MINUTE + 1000;
    const late = await redeem({ token });
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([{ field: 'token', message: signInMessages.link.expired }]);
  });

  it('answers the same for an address with an account and one without', async () => {
    const { user } = await registerCustomer(shop);
    const known = await call(shop, 'POST', '/api/auth/sign-in/link', { body: { email: user.email }, ip: freshAddress() });
    const unknown = await call(shop, 'POST', '/api/auth/sign-in/link', { body: { email: `nobody.${Date.now()}@deosil.test` }, ip: freshAddress() });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });
});
