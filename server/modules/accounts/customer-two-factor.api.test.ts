import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { recoveryCodes, signInChallenges, twoFactorChallenges, twoFactorSecrets } from '../../db/schema/index.ts';
import { currentCode } from '../staff/two-factor.ts';
import { newSessionToken, tokenHash } from './credentials.ts';

// The shop's clock, moved on by hand: each TOTP code belongs to a 30-second step.
let now = new Date('2026-11-27T10:00:00+05:30');
const nextStep = () => (now = new Date(now.getTime() + 30_000));
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ seed: false, clock: () => now });
});
afterAll(async () => {
  await shop?.close();
});

type Customer = Awaited<ReturnType<typeof registerCustomer>>;

/** A customer who turned two-factor sign-in on in the profile: their secret and recovery codes. */
async function withTwoFactor(): Promise<Customer & { secret: string; recovery: string[] }> {
  const customer = await registerCustomer(shop);
  const begun = await call(shop, 'POST', '/api/auth/two-factor', { token: customer.token });
  expect(begun.status, JSON.stringify(begun.body)).toBe(200);
  const secret = begun.body.secret as string;
  nextStep();
  const confirmed = await call(shop, 'POST', '/api/auth/two-factor/confirm', { token: customer.token, body: { code: currentCode(secret, now) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { ...customer, secret, recovery: confirmed.body.recoveryCodes as string[] };
}

const passwordStep = (customer: Customer) => call(shop, 'POST', '/api/auth/login', { body: { email: customer.user.email, password: customer.password } });
const codeStep = (challenge: string, code: string) => call(shop, 'POST', '/api/auth/login/second-factor', { body: { challenge, code } });

describe('two-factor sign-in for customers (optional, from the profile)', () => {
  it('enrols with a QR code and a first code; ten recovery codes shown once and stored only as hashes', async () => {
    const customer = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/auth/two-factor', { token: customer.token })).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    const begun = await call(shop, 'POST', '/api/auth/two-factor', { token: customer.token });
    expect(begun.body).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]+$/), uri: expect.stringMatching(/^otpauth:\/\/totp\//), qrSvg: expect.stringContaining('<svg') });
    const secret = begun.body.secret as string;

    const wrong = await call(shop, 'POST', '/api/auth/two-factor/confirm', { token: customer.token, body: { code: currentCode(secret, new Date(now.getTime() + 10 * 60_000)) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect((await call(shop, 'GET', '/api/auth/two-factor', { token: customer.token })).body.enabled).toBe(false);

    const confirmed = await call(shop, 'POST', '/api/auth/two-factor/confirm', { token: customer.token, body: { code: currentCode(secret, now) } });
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(new Set(codes).size).toBe(10);
    const stored = await shop.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    expect((await call(shop, 'GET', '/api/auth/two-factor', { token: customer.token })).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // A second set-up cannot replace it: a stolen session could otherwise swap the factor for its own.
    expect((await call(shop, 'POST', '/api/auth/two-factor', { token: customer.token })).status).toBe(409);
  });

  it('asks for the code after the password; the code signs in once, a replay of it is refused', async () => {
    const customer = await withTwoFactor();
    nextStep();
    const first = await passwordStep(customer);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ twoFactor: 'code', challenge: expect.any(String) });
    expect(first.body).not.toHaveProperty('token');

    const wrong = await codeStep(first.body.challenge as string, currentCode(customer.secret, new Date(now.getTime() + 5 * 60_000)));
    expect(wrong.status).toBe(401);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);

    const code = currentCode(customer.secret, now);
    const signedIn = await codeStep(first.body.challenge as string, code);
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token: signedIn.body.token as string })).body.user).toMatchObject({ email: customer.user.email });
    // The challenge is spent, and the same code in the same window is refused with a fresh one.
    expect((await codeStep(first.body.challenge as string, code)).status).toBe(401);
    const again = await passwordStep(customer);
    const replay = await codeStep(again.body.challenge as string, code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/already used/);
  });

  it('takes a recovery code once in place of a code', async () => {
    const customer = await withTwoFactor();
    const recovery = customer.recovery[4]!;
    const first = await passwordStep(customer);
    expect((await codeStep(first.body.challenge as string, recovery.toUpperCase())).status).toBe(200);
    const second = await passwordStep(customer);
    expect((await codeStep(second.body.challenge as string, recovery)).status).toBe(401);
    const { token } = (await codeStep((await passwordStep(customer)).body.challenge as string, customer.recovery[5]!)).body as { token: string };
    expect((await call(shop, 'GET', '/api/auth/two-factor', { token })).body.recoveryCodesLeft).toBe(8);
  });

  it('asks for the code after an e-mailed sign-in link too: the link is one factor', async () => {
    const customer = await withTwoFactor();
    const token = newSessionToken();
    await shop.database.db.insert(signInChallenges).values({
      channel: 'email',
      destination: customer.user.email,
      secretHash: tokenHash(token),
      returnTo: '/orders',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 15 * 60_000),
    });
    const redeemed = await call(shop, 'POST', '/api/auth/sign-in/link/redeem', { body: { token } });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body).toMatchObject({ twoFactor: 'code', challenge: expect.any(String), returnTo: '/orders' });
    expect(redeemed.body).not.toHaveProperty('token');
    nextStep();
    expect((await codeStep(redeemed.body.challenge as string, currentCode(customer.secret, now))).status).toBe(200);
  });

  it('turns off with the password and a code, not with a session alone; then the password signs in by itself', async () => {
    const customer = await withTwoFactor();
    nextStep();
    const badPassword = await call(shop, 'POST', '/api/auth/two-factor/off', { token: customer.token, body: { password: 'not-my-password', code: currentCode(customer.secret, now) } });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.errors).toEqual([expect.objectContaining({ field: 'password' })]);
    const badCode = await call(shop, 'POST', '/api/auth/two-factor/off', { token: customer.token, body: { password: customer.password, code: currentCode(customer.secret, new Date(now.getTime() + 5 * 60_000)) } });
    expect(badCode.status).toBe(400);
    expect(badCode.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
    expect(await shop.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, customer.user.id))).toHaveLength(1);

    const off = await call(shop, 'POST', '/api/auth/two-factor/off', { token: customer.token, body: { password: customer.password, code: currentCode(customer.secret, now) } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await shop.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, customer.user.id))).toEqual([]);
    expect(await shop.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id))).toEqual([]);
    expect((await passwordStep(customer)).body).toMatchObject({ token: expect.any(String) });
  });

  it('counts code attempts against the sign-in limit: the eleventh wrong try in the window is refused with 429', async () => {
    const customer = await withTwoFactor();
    const { challenge } = (await passwordStep(customer)).body as { challenge: string };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await codeStep(challenge, '000000')).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    await shop.database.db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, customer.user.id));
  });

  it('is no way round a staff member’s second factor: the shop’s door asks for it, or sends them to the back office to set it up', async () => {
    const owner = await signInAdmin(shop);
    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { requireTwoFactor: true } })).status).toBe(200);
    try {
      const refused = await call(shop, 'POST', '/api/auth/login', { body: { email: ADMIN.email, password: ADMIN.password } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain('/admin/login');
      expect(refused.body).not.toHaveProperty('token');
    } finally {
      await shop.database.db.delete(twoFactorChallenges);
      const after = await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { requireTwoFactor: false } });
      expect(after.status).toBe(200);
    }
  });
});
