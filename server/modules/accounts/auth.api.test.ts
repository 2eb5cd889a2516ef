import { count, eq } from 'drizzle-orm';
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, registerCustomer, registration, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { sessions, users } from '../../db/schema/index.ts';

// The real argon2, watched: a test counts the password verifications a sign-in costs.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof argon2>();
  return { ...original, verify: vi.fn(original.verify) };
});

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

async function userCount(): Promise<number> {
  const [row] = await shop.database.db.select({ total: count() }).from(users);
  return row!.total;
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and sends the user without any secret', async () => {
    const body = registration({ email: '  Luna.Vale@Deosil.TEST ' });
    const response = await call(shop, 'POST', '/api/auth/register', { body });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ success: true, message: expect.stringContaining('Welcome') });
    expect(response.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const user = response.body.user as Record<string, unknown>;
    expect(user).toMatchObject({ name: 'Mira Night', email: 'luna.vale@deosil.test', role: 'customer', mysticLevel: 'Mystical Novice', orders: 0, birthSign: 'Scorpio' });
    expect(new Date(user.joinDate as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(response.body)).not.toMatch(/argon2|password_hash|passwordHash/i);

    const [row] = await shop.database.db.select().from(users).where(eq(users.email, 'luna.vale@deosil.test'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [session] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    // Only the SHA-256 of the token is stored, and it lives 30 days.
    expect(session!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.tokenHash).not.toContain(response.body.token as string);
    const days = (session!.expiresAt.getTime() - session!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 1);
    // No consent is given for the shopper: the newsletter preference starts off, order updates (the service) on.
    expect(row!.preferences).toMatchObject({ newsletter: false, orderUpdates: true });
  });

  it('refuses a taken e-mail whatever its case or spaces, with "already exists"', async () => {
    const { user } = await registerCustomer(shop);
    const before = await userCount();
    const response = await call(shop, 'POST', '/api/auth/register', { body: registration({ email: ` ${user.email.toUpperCase()}  ` }) });
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('already exists');
    expect(await userCount()).toBe(before);
  });

  const huge = 'x'.repeat(10 * 1024);
  const badBodies: [string, Record<string, unknown>, string, string][] = [
    ['missing name', { name: undefined }, 'name', 'Name is required'],
    ['blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a 10 KB name', { name: huge }, 'name', 'Name must be at most 100 characters'],
    ['a name that is a number', { name: 42 }, 'name', 'Name must be text'],
    ['missing email', { email: undefined }, 'email', 'Email is required'],
    ['an email with a space inside', { email: 'mira night@deosil.test' }, 'email', 'Please enter a valid email'],
    ['a unicode email', { email: 'mïra@deosil.test' }, 'email', 'Please enter a valid email'],
    ['a 10 KB email', { email: `${huge}@deosil.test` }, 'email', 'Please enter a valid email'],
    ['an email that is a list', { email: ['a@b.co'] }, 'email', 'Email must be text'],
    ['missing password', { password: undefined }, 'password', 'Password is required'],
    ['a short password', { password: 'abc', confirmPassword: 'abc' }, 'password', 'Password must be at least 6 characters'],
    ['a 10 KB password', { password: huge, confirmPassword: huge }, 'password', 'Password must be at most 128 characters'],
    ['missing confirmation', { confirmPassword: undefined }, 'confirmPassword', 'Please confirm your password'],
    ['passwords that do not match', { confirmPassword: 'Moonlight8!' }, 'confirmPassword', 'Passwords do not match'],
    ['an unknown birth sign', { birthSign: 'Ophiuchus' }, 'birthSign', 'birthSign must be one of the twelve zodiac signs'],
    ['preferences of the wrong type', { preferences: { favoriteScents: 'rose' } }, 'preferences.favoriteScents', 'favoriteScents must be a list'],
  ];

  it.each(badBodies)('answers 400 naming the field and creates nobody for %s', async (_case, overrides, field, message) => {
    const before = await userCount();
    const response = await call(shop, 'POST', '/api/auth/register', { body: registration(overrides) });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
    expect(response.body.errors).toContainEqual({ field, message });
    expect(await userCount()).toBe(before);
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/auth/register', payload: '"hello"', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
  });
});

describe('sign in, session and sign out', () => {
  it('signs in with any case of the e-mail, and /me answers with that token', async () => {
    const { user, password } = await registerCustomer(shop);
    const login = await call(shop, 'POST', '/api/auth/login', { body: { email: `  ${user.email.toUpperCase()}`, password } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ success: true, user: { email: user.email }, message: expect.any(String) });
    const me = await call(shop, 'GET', '/api/auth/me', { token: login.body.token as string });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: user.id, name: user.name, mysticLevel: 'Mystical Novice' });
  });

  it('says "No account found" for an unknown e-mail and refuses a wrong password', async () => {
    const unknown = await call(shop, 'POST', '/api/auth/login', { body: { email: 'nobody@deosil.test', password: 'whatever1' }, ip: '198.51.100.1' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toContain('No account found');
    const { user } = await registerCustomer(shop);
    const wrong = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: 'not-the-one' }, ip: '198.51.100.1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.token).toBeUndefined();
  });

  it('validates the sign-in body', async () => {
    const response = await call(shop, 'POST', '/api/auth/login', { body: { email: 'a b@c.co' } });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Please enter a valid email' },
        { field: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('answers 401 without a token, with a made-up token, and with the token after sign-out', async () => {
    expect((await call(shop, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/auth/me', { token: 'A'.repeat(43) })).status).toBe(401);
    const { token } = await registerCustomer(shop);
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(200);
    const logout = await call(shop, 'POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { token, user } = await registerCustomer(shop);
    await shop.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(401);
  });
});

describe('brute force', () => {
  it('allows 10 failures per account in 15 minutes, then 429 with Retry-After even for the right password', async () => {
    const { user, password } = await registerCustomer(shop);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      // A different address each time: the account's own limit must hold on its own.
      const response = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-guess' }, ip: `192.0.2.${attempt + 1}` });
      expect(response.status).toBe(401);
    }
    const blocked = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password }, ip: '192.0.2.200' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(blocked.body.token).toBeUndefined();
  });

  it('allows 10 attempts on unknown e-mails per address, without refusing a right password for another account', async () => {
    const ip = '192.0.2.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await call(shop, 'POST', '/api/auth/login', { body: { email: `guess${attempt}@deosil.test`, password: 'guess-123' }, ip });
      expect(response.status).toBe(401);
    }
    const probing = await call(shop, 'POST', '/api/auth/login', { body: { email: 'guess-more@deosil.test', password: 'guess-123' }, ip });
    expect(probing.status).toBe(429);
    expect(Number(probing.headers['retry-after'])).toBeGreaterThan(800);
    // The admin on the same network, with the right password, is not locked out by those guesses.
    const token = await signInAdmin(shop, { email: 'warden.net@deosil.test', password: 'warden-secret-1', name: 'Warden' }, ip);
    expect(token).toBeTruthy();
    const { user, password } = await registerCustomer(shop);
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password }, ip })).status).toBe(200);
  });

  it('counts each attempt before checking the password: of 40 parallel guesses at most 10 are checked', async () => {
    const { user, password } = await registerCustomer(shop);
    const guesses = Array.from({ length: 40 }, (_, index) =>
      call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: index === 39 ? password : `wrong-guess-${index}` }, ip: `198.51.100.${index + 1}` }),
    );
    const statuses = (await Promise.all(guesses)).map((response) => response.status);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    // Once over the limit, even the right password waits.
    const later = await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password }, ip: '198.51.100.200' });
    expect(later.status).toBe(statuses.includes(200) ? 200 : 429);
  });

  it.each(['1', '10.0.0.0/8'])('takes the client address from X-Forwarded-For only when TRUST_PROXY=%s says a proxy is in front', async (trustProxy) => {
    const behindProxy = await startTestShop({ seed: false, env: { TRUST_PROXY: trustProxy } });
    try {
      const viaProxy = (client: string, email: string) =>
        behindProxy.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email, password: 'guess-123' },
          headers: { 'x-forwarded-for': client },
          remoteAddress: '10.0.0.2',
        });
      for (let attempt = 0; attempt < 10; attempt += 1) expect((await viaProxy('203.0.113.50', `probe${attempt}@deosil.test`)).statusCode).toBe(401);
      expect((await viaProxy('203.0.113.50', 'probe-more@deosil.test')).statusCode).toBe(429);
      // Another shopper behind the same proxy has an address of their own.
      expect((await viaProxy('203.0.113.51', 'probe-more@deosil.test')).statusCode).toBe(401);
    } finally {
      await behindProxy.close();
    }
  }, 60_000);

  it('spends the same password work on an unknown e-mail as on a wrong password, so the time does not tell', async () => {
    const { user } = await registerCustomer(shop);
    // Counting argon2 verifications says it without a stopwatch: one each, against hashes of the same cost.
    const verifications = vi.mocked(argon2.verify);
    for (const [round, email] of [user.email, 'nobody@deosil.test'].entries()) {
      verifications.mockClear();
      const response = await call(shop, 'POST', '/api/admin/login', { body: { email, password: 'not-the-password' }, ip: `192.0.2.${160 + round}` });
      expect(response.status).toBe(401);
      expect(response.body.message).toBe('Invalid credentials');
      expect(verifications).toHaveBeenCalledTimes(1);
      expect(verifications.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });
});

describe('profile and password', () => {
  it('saves name, phone, address, favourite ingredient and preferences for real', async () => {
    const { token } = await registerCustomer(shop);
    const update = await call(shop, 'PUT', '/api/auth/me', {
      token,
      body: { name: 'Mira Moon', phone: '+91 98765 43210', address: '12 Lotus Lane, Pune', favoriteIngredient: 'Sandalwood', preferences: { newsletter: false, smsNotifications: true } },
    });
    expect(update.status).toBe(200);
    const me = await call(shop, 'GET', '/api/auth/me', { token });
    expect(me.body.user).toMatchObject({
      name: 'Mira Moon',
      phone: '+91 98765 43210',
      address: '12 Lotus Lane, Pune',
      favoriteIngredient: 'Sandalwood',
      preferences: { newsletter: false, smsNotifications: true, orderUpdates: true },
    });
  });

  it('refuses bad profile input with the field named and changes nothing', async () => {
    const { token, user } = await registerCustomer(shop);
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'Mira', phone: 'call me' }, 'phone'],
      [{ name: 'Mira', address: 'x'.repeat(10_240) }, 'address'],
      [{ name: 'Mira', preferences: { newsletter: 'yes' } }, 'preferences.newsletter'],
    ] as const) {
      const response = await call(shop, 'PUT', '/api/auth/me', { token, body });
      expect(response.status).toBe(400);
      expect(response.body.errors?.map((error) => error.field)).toContain(field);
    }
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ name: user.name, phone: '', address: '' });
  });

  it('changes the e-mail only to an address no other account has (409 otherwise), and signs in with the new one', async () => {
    const { token, user, password } = await registerCustomer(shop);
    const other = await registerCustomer(shop);
    const taken = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: ` ${other.user.email.toUpperCase()} `, currentPassword: password } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual([{ field: 'email', message: 'An account with this email already exists' }]);
    const invalid = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: 'not-an-address' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors?.[0]?.field).toBe('email');
    expect((await call(shop, 'GET', '/api/auth/me', { token })).body.user).toMatchObject({ email: user.email });

    const fresh = `renamed.${Date.now()}@deosil.test`;
    const changed = await call(shop, 'PUT', '/api/auth/me', { token, body: { name: user.name, email: fresh.toUpperCase(), currentPassword: password } });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ email: fresh });
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: fresh, password } })).status).toBe(200);
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } })).status).toBe(401);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const { token, user, password } = await registerCustomer(shop);
    const other = (await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } })).body.token as string;
    const wrong = await call(shop, 'PUT', '/api/auth/password', { token, body: { currentPassword: 'nope-nope', newPassword: 'Sunrise9!', confirmPassword: 'Sunrise9!' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);
    const mismatch = await call(shop, 'PUT', '/api/auth/password', { token, body: { currentPassword: password, newPassword: 'Sunrise9!', confirmPassword: 'Sunrise8!' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ field: 'confirmPassword', message: 'Passwords do not match' }]);

    const changed = await call(shop, 'PUT', '/api/auth/password', { token, body: { currentPassword: password, newPassword: 'Sunrise9!', confirmPassword: 'Sunrise9!' } });
    expect(changed.status).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await call(shop, 'GET', '/api/auth/me', { token: other })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password } })).status).toBe(401);
    expect((await call(shop, 'POST', '/api/auth/login', { body: { email: user.email, password: 'Sunrise9!' } })).status).toBe(200);
  });
});
