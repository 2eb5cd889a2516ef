import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPasswordMessage, LINK_WINDOW_MS, linkMessages, LINKS_PER_ADDRESS_PER_HOUR } from '../../../domain/account-links.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/support/smtp-catcher.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { accountTokens, emailMessages, users } from '../../db/schema/index.ts';

const SHOP_URL = 'https://shop.deosil.test';
const MINUTE = 60_000;
let shop: TestShop;
let smtp: SmtpCatcher;
/** The shop's clock: real time plus whatever a test has moved it on. */
let offsetMs = 0;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  shop = await startTestShop({
    seed: false,
    clock: () => new Date(Date.now() + offsetMs),
    env: { JOBS_IN_WEB: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Deosil Perfumes <coven@deosil.test>', PUBLIC_URL: SHOP_URL },
  });
});
afterAll(async () => {
  await shop?.close();
  await smtp?.close();
});

/** The next message the SMTP server accepts for `to` whose subject matches. */
async function mailTo(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ParsedMail> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.messages.find((mail) => mail.subject && subject.test(mail.subject) && JSON.stringify(mail.to).includes(`"address":"${to}"`));
    if (found) {
      smtp.messages.splice(smtp.messages.indexOf(found), 1);
      return found;
    }
    if (Date.now() > end) throw new Error(`No e-mail to ${to} matching ${subject}; have ${smtp.messages.map((mail) => mail.subject).join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The link's token, read from the plain-text part, after checking the link names the shop's page. */
function tokenIn(mail: ParsedMail, page: 'reset-password' | 'verify-email'): string {
  const match = new RegExp(`${SHOP_URL.replace(/\./g, '\\.')}/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  expect(match, mail.text).not.toBeNull();
  expect(mail.html).toContain(`${SHOP_URL}/${page}?token=${match![1]}`);
  return match![1]!;
}

async function outboxCount(to: string, template: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ n: count() })
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, to), eq(emailMessages.template, template)));
  return row!.n;
}

const forgot = (email: string) => call(shop, 'POST', '/api/auth/forgot-password', { body: { email } });
const resetWith = (token: string, password: string) => call(shop, 'POST', '/api/auth/reset-password', { body: { token, password, confirmPassword: password } });
const signIn = (email: string, password: string) => call(shop, 'POST', '/api/auth/login', { body: { email, password } });

async function requestResetLink(email: string): Promise<string> {
  expect((await forgot(email)).status).toBe(200);
  return tokenIn(await mailTo(email, /Reset your Deosil Perfumes password/), 'reset-password');
}

describe('forgot password', () => {
  it('answers the same for an address with an account and one without, and e-mails only the account', async () => {
    const { user } = await registerCustomer(shop);
    const stranger = `nobody.${Date.now()}@deosil.test`;
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot(stranger);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ success: true, message: forgotPasswordMessage });

    const mail = await mailTo(user.email, /Reset your Deosil Perfumes password/);
    expect(mail.text).toContain('30 minutes');
    const token = tokenIn(mail, 'reset-password');
    expect(await outboxCount(stranger, 'password-reset')).toBe(0);

    // Only the SHA-256 of the link's token is stored, and the link lives 30 minutes.
    const [stored] = await shop.database.db.select().from(accountTokens).where(eq(accountTokens.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(stored).toMatchObject({ purpose: 'password-reset', email: user.email, userId: user.id, usedAt: null });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(30 * MINUTE);
    const everyHash = await shop.database.db.select({ hash: accountTokens.tokenHash }).from(accountTokens);
    expect(everyHash.some((row) => row.hash.includes(token))).toBe(false);
  });

  it('sets the new password with the link, ends every session, and sends the change notice', async () => {
    const { token: firstSession, user, password } = await registerCustomer(shop);
    const secondSession = (await signIn(user.email, password)).body.token as string;
    const link = await requestResetLink(user.email);

    const reset = await resetWith(link, 'Nightshade-42');
    expect(reset.status).toBe(200);
    expect(reset.body.message).toContain('every session signed out');
    for (const session of [firstSession, secondSession]) expect((await call(shop, 'GET', '/api/auth/me', { token: session })).status).toBe(401);
    expect((await signIn(user.email, password)).status).toBe(401);
    expect((await signIn(user.email, 'Nightshade-42')).status).toBe(200);

    const notice = await mailTo(user.email, /Your Deosil Perfumes password was changed/);
    expect(notice.text).toContain('signed out');
  });

  it('refuses a used link, and the password stays as the first use set it', async () => {
    const { user } = await registerCustomer(shop);
    const link = await requestResetLink(user.email);
    expect((await resetWith(link, 'First-choice-1')).status).toBe(200);
    const again = await resetWith(link, 'Second-choice-2');
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'token', message: linkMessages['password-reset'].used }]);
    expect((await signIn(user.email, 'Second-choice-2')).status).toBe(401);
    expect((await signIn(user.email, 'First-choice-1')).status).toBe(200);
  });

  it('refuses an altered link and one cut short, and changes nothing', async () => {
    const { user, password } = await registerCustomer(shop);
    const link = await requestResetLink(user.email);
    const altered = `${link.slice(0, 20)}${link[20] === 'A' ? 'B' : 'A'}${link.slice(21)}`;
    for (const token of [altered, link.slice(0, 30), `${link}x`]) {
      const refused = await resetWith(token, 'Altered-pass-1');
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'token', message: linkMessages['password-reset'].invalid }]);
    }
    expect((await signIn(user.email, password)).status).toBe(200);
    // The genuine link is untouched by the attempts.
    expect((await resetWith(link, 'Genuine-pass-1')).status).toBe(200);
  });

  it('honours a link until 30 minutes have passed on the shop clock, and refuses it after', async () => {
    const { user, password } = await registerCustomer(shop);
    try {
      const late = await requestResetLink(user.email);
      offsetMs = 30 * MINUTE + 1000;
      const expired = await resetWith(late, 'Too-late-pass-1');
      expect(expired.status).toBe(400);
      expect(expired.body.errors).toEqual([{ field: 'token', message: linkMessages['password-reset'].expired }]);
      expect((await signIn(user.email, password)).status).toBe(200);

      const inTime = await requestResetLink(user.email);
      offsetMs += 29 * MINUTE;
      expect((await resetWith(inTime, 'Just-in-time-1')).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('sends at most five links per address per hour, however many requests arrive at once', async () => {
    const { user } = await registerCustomer(shop);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, () => forgot(user.email)));
      // Every request hears the same answer; only the inbox sees the cap.
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((answer) => answer.body.message)).size).toBe(1);
      expect(await outboxCount(user.email, 'password-reset')).toBe(5);
      const [issued] = await shop.database.db.select({ n: count() }).from(accountTokens).where(eq(accountTokens.email, user.email));
      expect(issued!.n).toBe(5 + 1); // five reset links and the welcome's verification link

      offsetMs = 61 * MINUTE;
      expect((await forgot(user.email)).status).toBe(200);
      expect(await outboxCount(user.email, 'password-reset')).toBe(6);
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses malformed input with the field named and writes nothing', async () => {
    const before = (await shop.database.db.select({ n: count() }).from(accountTokens))[0]!.n;
    for (const [body, field] of [
      [{ email: 'not-an-address' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{}, 'email'],
      [{ email: ['x@deosil.test'] }, 'email'],
    ] as const) {
      const response = await call(shop, 'POST', '/api/auth/forgot-password', { body });
      expect(response.status).toBe(400);
      expect(response.body.errors?.map((error) => error.field)).toEqual([field]);
    }
    const { user, password } = await registerCustomer(shop);
    const link = await requestResetLink(user.email);
    const short = await call(shop, 'POST', '/api/auth/reset-password', { body: { token: link, password: 'abc', confirmPassword: 'abc' } });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'password', message: 'Password must be at least 6 characters' }]);
    const differ = await call(shop, 'POST', '/api/auth/reset-password', { body: { token: link, password: 'Moonrise-11', confirmPassword: 'Moonrise-12' } });
    expect(differ.body.errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);
    // The refused attempts spent nothing: the password is the old one and the link still works.
    expect((await signIn(user.email, password)).status).toBe(200);
    expect((await shop.database.db.select({ n: count() }).from(accountTokens))[0]!.n).toBe(before + 2);
    expect((await resetWith(link, 'Moonrise-11')).status).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('welcomes a new customer with a link; the account works unverified until the link is followed', async () => {
    const { token, user } = await registerCustomer(shop);
    expect(user.emailVerified).toBe(false);
    const welcome = await mailTo(user.email, /Welcome to the coven/);
    const link = tokenIn(welcome, 'verify-email');
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ emailVerified: false });

    const verified = await call(shop, 'POST', '/api/auth/verify-email', { body: { token: link } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toContain('verified');
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ emailVerified: true });
    // A second click (or a mail client's preview before it) is told the address is already proven.
    const again = await call(shop, 'POST', '/api/auth/verify-email', { body: { token: link } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Your e-mail is already verified.');
    expect((await call(shop, 'POST', '/api/auth/verify-email/resend', { token })).status).toBe(409);
  });

  it('resends a link from the profile, refuses altered and expired links', async () => {
    const { token, user } = await registerCustomer(shop);
    await mailTo(user.email, /Welcome to the coven/);
    const resent = await call(shop, 'POST', '/api/auth/verify-email/resend', { token });
    expect(resent.status).toBe(200);
    const link = tokenIn(await mailTo(user.email, /Verify your e-mail/), 'verify-email');

    const altered = await call(shop, 'POST', '/api/auth/verify-email', { body: { token: `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}` } });
    expect(altered.status).toBe(400);
    expect(altered.body.errors).toEqual([{ field: 'token', message: linkMessages['email-verification'].invalid }]);
    try {
      offsetMs = 72 * 60 * MINUTE + 1000;
      const expired = await call(shop, 'POST', '/api/auth/verify-email', { body: { token: link } });
      expect(expired.status).toBe(400);
      expect(expired.body.errors).toEqual([{ field: 'token', message: linkMessages['email-verification'].expired }]);
    } finally {
      offsetMs = 0;
    }
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ emailVerified: false });
    expect((await call(shop, 'POST', '/api/auth/verify-email/resend')).status).toBe(401);
  });

  it('sends at most five verification links to an address an hour, then says when to ask again', async () => {
    const { token } = await registerCustomer(shop);
    // The welcome e-mail carried the first link.
    for (let resend = 2; resend <= LINKS_PER_ADDRESS_PER_HOUR; resend += 1) {
      expect((await call(shop, 'POST', '/api/auth/verify-email/resend', { token })).status).toBe(200);
    }
    const refused = await call(shop, 'POST', '/api/auth/verify-email/resend', { token });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ success: false, message: 'Five verification e-mails went to this address in the last hour. Please try again later.' });
    expect(refused.headers['retry-after']).toBe(String(LINK_WINDOW_MS / 1000));
  });
});

describe('changing the sign-in e-mail', () => {
  it('needs the current password, and refuses without it with the field named', async () => {
    const { token, user } = await registerCustomer(shop);
    const fresh = `moved.${Date.now()}@deosil.test`;
    const missing = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: fresh } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'currentPassword', message: 'Enter your current password to change your e-mail' }]);
    const wrong = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: fresh, currentPassword: 'not-my-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
    // Other profile fields still save without the password.
    const renamed = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: 'Mira Dusk', email: user.email } });
    expect(renamed.status).toBe(200);
  });

  it('ends the other sessions, tells the old address, and asks the new one to verify', async () => {
    const { token, user, password } = await registerCustomer(shop);
    const oldWelcome = tokenIn(await mailTo(user.email, /Welcome to the coven/), 'verify-email');
    expect((await call(shop, 'POST', '/api/auth/verify-email', { body: { token: oldWelcome } })).status).toBe(200);
    const other = (await signIn(user.email, password)).body.token as string;
    const fresh = `moved.${Date.now()}@deosil.test`;

    const changed = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: fresh, currentPassword: password } });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ email: fresh, emailVerified: false });
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token: other })).status).toBe(401);

    const notice = await mailTo(user.email, /e-mail of your Deosil Perfumes account was changed/);
    expect(notice.text).toContain(fresh);
    const link = tokenIn(await mailTo(fresh, /Verify your e-mail/), 'verify-email');
    expect((await call(shop, 'POST', '/api/auth/verify-email', { body: { token: link } })).status).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ email: fresh, emailVerified: true });
  });

  it('kills reset links sent to the old address', async () => {
    const { token, user, password } = await registerCustomer(shop);
    const link = await requestResetLink(user.email);
    const fresh = `moved.${Date.now()}@deosil.test`;
    expect((await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: fresh, currentPassword: password } })).status).toBe(200);
    const refused = await resetWith(link, 'Hijack-attempt-1');
    expect(refused.status).toBe(400);
    expect((await signIn(fresh, password)).status).toBe(200);
  });
});
