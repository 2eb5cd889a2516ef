import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { PERMISSION_NAMES } from '../../../domain/staff-roles.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { staffMember } from '../../../tests/support/staff.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { auditLog, emailMessages, recoveryCodes, staffInvitations, staffMembers, twoFactorSecrets, users } from '../../db/schema/index.ts';
import { currentCode } from './two-factor.ts';

let shop: TestShop;
let now = new Date('2026-11-27T10:00:00.000Z');
const later = (seconds: number) => (now = new Date(now.getTime() + seconds * 1000));
let owner: string;

beforeAll(async () => {
  shop = await startTestShop({ seed: false, clock: () => now });
  owner = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

const PASSWORD = 'Packing-Moon-42';

/** The token of the latest invitation e-mailed to `email`, read from the message the outbox kept. */
async function invitationToken(email: string): Promise<string> {
  const [message] = await shop.database.db
    .select()
    .from(emailMessages)
    .where(and(eq(emailMessages.toAddress, email), eq(emailMessages.template, 'staff-invitation')))
    .orderBy(desc(emailMessages.createdAt));
  const path = (message?.data as { acceptPath: string }).acceptPath;
  return new URL(path, 'https://shop.test').searchParams.get('token')!;
}

/** Invites, accepts and enrols a staff member of `role`: their session, TOTP secret and recovery codes. */
async function onboard(role: string, email = `${role}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@deosil.test`) {
  const invited = await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email, name: 'Kabir Das', role } });
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const token = await invitationToken(email);
  const opened = await call(shop, 'POST', '/api/admin/invitations/open', { body: { token } });
  expect(opened.body).toMatchObject({ invitation: { email, name: 'Kabir Das' } });
  const accepted = await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token, password: PASSWORD } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const challenge = accepted.body.challenge as string;
  const enrolment = await call(shop, 'POST', '/api/admin/login/enrolment', { body: { challenge } });
  expect(enrolment.body.qrSvg).toContain('<svg');
  expect(enrolment.body.uri).toMatch(/^otpauth:\/\/totp\/Deosil%20Perfumes:/);
  const secret = enrolment.body.secret as string;
  const confirmed = await call(shop, 'POST', '/api/admin/login/enrolment/confirm', { body: { challenge, code: currentCode(secret, now) } });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { email, token: confirmed.body.token as string, secret, recoveryCodes: confirmed.body.recoveryCodes as string[], id: (await userId(email))! };
}

const userId = async (email: string) => (await shop.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

describe('invitations', () => {
  it('makes a packer: a single-use link sets the password, the second factor is enrolled, and the role holds', async () => {
    const packer = await onboard('fulfilment');
    expect(packer.recoveryCodes).toHaveLength(10);
    const me = await call(shop, 'GET', '/api/admin/me', { token: packer.token });
    expect(me.body.admin).toMatchObject({ staffRole: 'fulfilment', roleName: 'Fulfilment', permissions: ['orders.read', 'orders.fulfil', 'returns.receive'] });
    expect((await call(shop, 'GET', '/api/admin/reports/gst?month=2026-10', { token: packer.token })).status).toBe(403);
    // Recovery codes are kept only as hashes.
    const stored = await shop.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, packer.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash)).not.toContain(packer.recoveryCodes[0]);

    // The list shows the new member, enrolled, with a sign-in time.
    const list = await call(shop, 'GET', '/api/admin/staff', { token: owner });
    expect((list.body.staff as { email: string }[]).find((member) => member.email === packer.email)).toMatchObject({ role: 'fulfilment', twoFactor: true, lastLoginAt: expect.any(String) });
  });

  it('refuses a reused, expired or made-up link with 400 and writes nothing', async () => {
    const email = `twice.${Date.now()}@deosil.test`;
    await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email, name: 'Twice', role: 'support' } });
    const token = await invitationToken(email);
    expect((await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token, password: PASSWORD } })).status).toBe(200);
    const reused = await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token, password: 'Another-Pass-99' } });
    expect(reused.status).toBe(400);
    expect(reused.body.errors?.[0]?.field).toBe('token');

    const late = `late.${Date.now()}@deosil.test`;
    await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email: late, name: 'Late', role: 'support' } });
    const lateToken = await invitationToken(late);
    later(72 * 3600 + 1);
    expect((await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token: lateToken, password: PASSWORD } })).status).toBe(400);
    expect((await call(shop, 'POST', '/api/admin/invitations/open', { body: { token: lateToken } })).status).toBe(400);
    expect(await userId(late)).toBeUndefined();
    expect((await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token: 'made-up-token-made-up-token-made-up', password: PASSWORD } })).status).toBe(400);
  });

  it('turns the customer account of the invited address into staff, ending its customer sessions', async () => {
    const customer = await registerCustomer(shop);
    await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email: customer.user.email, name: 'Mira', role: 'support' } });
    await call(shop, 'POST', '/api/admin/invitations/accept', { body: { token: await invitationToken(customer.user.email), password: PASSWORD } });
    expect((await call(shop, 'GET', '/api/auth/me', { token: customer.token })).status).toBe(401);
  });

  it('lets nobody invite to a role holding more than they hold', async () => {
    const manager = await staffMember(shop, 'manager');
    // A manager lacks staff.manage, so cannot reach the route at all…
    const asManager = await call(shop, 'POST', '/api/admin/staff/invitations', { token: manager.token, body: { email: 'x@deosil.test', name: 'X', role: 'owner' } });
    expect(asManager.status).toBe(403);
    expect(asManager.body.message).toContain('staff.manage');
    // …and a custom role holding staff.manage alone cannot hand out what it lacks.
    await call(shop, 'POST', '/api/admin/staff/roles', { token: owner, body: { key: 'recruiter', name: 'Recruiter', permissions: ['staff.manage'] } });
    const recruiter = await staffMember(shop, 'recruiter');
    const escalation = await call(shop, 'POST', '/api/admin/staff/invitations', { token: recruiter.token, body: { email: 'friend@deosil.test', name: 'Friend', role: 'owner' } });
    expect(escalation.status).toBe(403);
    expect(escalation.body.message).toMatch(/cannot hand out permissions you do not hold/);
    const selfPromotion = await call(shop, 'PUT', `/api/admin/staff/${recruiter.id}/role`, { token: recruiter.token, body: { role: 'owner' } });
    expect(selfPromotion.status).toBe(403);
    const [row] = await shop.database.db.select().from(staffMembers).where(eq(staffMembers.userId, recruiter.id));
    expect(row?.role).toBe('recruiter');
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password, refuses a replayed code, and takes each recovery code once', async () => {
    const packer = await onboard('fulfilment');
    const password = await call(shop, 'POST', '/api/admin/login', { body: { email: packer.email, password: PASSWORD } });
    expect(password.body).toMatchObject({ twoFactor: 'code', challenge: expect.any(String) });
    expect(password.body.token).toBeUndefined();
    const challenge = password.body.challenge as string;

    // The code that confirmed the enrolment was spent in this 30-second step: it does not work again.
    const replay = await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge, code: currentCode(packer.secret, now) } });
    expect(replay.status).toBe(401);
    expect(replay.body.errors?.[0]?.field).toBe('code');
    later(30);
    const fresh = currentCode(packer.secret, now);
    const signedIn = await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge, code: fresh } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.admin).toMatchObject({ staffRole: 'fulfilment' });
    // The challenge is spent too, and the same code in a new sign-in is a replay.
    expect((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge, code: fresh } })).status).toBe(401);
    const again = (await call(shop, 'POST', '/api/admin/login', { body: { email: packer.email, password: PASSWORD } })).body.challenge as string;
    expect((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge: again, code: fresh } })).status).toBe(401);

    const recovery = packer.recoveryCodes[3]!;
    expect((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge: again, code: recovery.toUpperCase() } })).status).toBe(200);
    const third = (await call(shop, 'POST', '/api/admin/login', { body: { email: packer.email, password: PASSWORD } })).body.challenge as string;
    expect((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge: third, code: recovery } })).status).toBe(401);
  });

  it('throttles code guesses with the sign-in limit', async () => {
    const packer = await onboard('fulfilment');
    const challenge = (await call(shop, 'POST', '/api/admin/login', { body: { email: packer.email, password: PASSWORD } })).body.challenge as string;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) statuses.push((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge, code: '000000' } })).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('sends staff without a second factor to enrolment when the owner requires it, and not before', async () => {
    const support = await staffMember(shop, 'support');
    await shop.database.db.update(users).set({ passwordHash: await (await import('../accounts/credentials.ts')).hashPassword(PASSWORD) }).where(eq(users.id, support.id));
    const before = await call(shop, 'POST', '/api/admin/login', { body: { email: support.email, password: PASSWORD } });
    expect(before.body.token).toEqual(expect.any(String));

    expect((await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { requireTwoFactor: true } })).status).toBe(200);
    try {
      const after = await call(shop, 'POST', '/api/admin/login', { body: { email: support.email, password: PASSWORD } });
      expect(after.body).toMatchObject({ twoFactor: 'enrol', challenge: expect.any(String) });
      expect(after.body.token).toBeUndefined();
      // A sign-in challenge is no session.
      expect((await call(shop, 'GET', '/api/admin/me', { token: after.body.challenge as string })).status).toBe(401);
      // An enrolment challenge does not stand in for a code.
      expect((await call(shop, 'POST', '/api/admin/login/second-factor', { body: { challenge: after.body.challenge, code: '123456' } })).status).toBe(401);
    } finally {
      await call(shop, 'PUT', '/api/admin/staff/settings', { token: owner, body: { requireTwoFactor: false } });
    }
  });
});

describe('the staff screen', () => {
  it('suspends and removes staff, ending their sessions at once, and records who did it as what', async () => {
    const packer = await staffMember(shop, 'fulfilment');
    expect((await call(shop, 'GET', '/api/admin/orders', { token: packer.token })).status).toBe(200);
    expect((await call(shop, 'PUT', `/api/admin/staff/${packer.id}/status`, { token: owner, body: { status: 'suspended' } })).status).toBe(200);
    expect((await call(shop, 'GET', '/api/admin/orders', { token: packer.token })).status).toBe(401);
    expect((await call(shop, 'PUT', `/api/admin/staff/${packer.id}/status`, { token: owner, body: { status: 'active' } })).status).toBe(200);

    const support = await staffMember(shop, 'support');
    expect((await call(shop, 'DELETE', `/api/admin/staff/${support.id}`, { token: owner })).status).toBe(200);
    expect((await call(shop, 'GET', '/api/admin/users', { token: support.token })).status).toBe(401);
    const [row] = await shop.database.db.select({ role: users.role }).from(users).where(eq(users.id, support.id));
    expect(row?.role).toBe('customer');

    const [entry] = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetId, support.id)).orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'staff.remove', actorRole: 'owner' });
  });

  it('keeps at least one owner: the last one can be neither demoted, suspended nor removed (409)', async () => {
    const last = await staffMember(shop, 'owner', 'Last Owner');
    // A deputy holds every permission, so may act on owners, yet is no owner: `last` is the only one left active.
    await call(shop, 'POST', '/api/admin/staff/roles', { token: owner, body: { key: 'deputy', name: 'Deputy', permissions: PERMISSION_NAMES } });
    const deputy = await staffMember(shop, 'deputy', 'Deputy');
    const parked = await shop.database.db
      .update(users)
      .set({ status: 'inactive' })
      .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), notInArray(users.id, [last.id, deputy.id])))
      .returning({ id: users.id });
    try {
      const demote = await call(shop, 'PUT', `/api/admin/staff/${last.id}/role`, { token: deputy.token, body: { role: 'manager' } });
      expect(demote.status, JSON.stringify(demote.body)).toBe(409);
      expect((await call(shop, 'PUT', `/api/admin/staff/${last.id}/status`, { token: deputy.token, body: { status: 'suspended' } })).status).toBe(409);
      expect((await call(shop, 'DELETE', `/api/admin/staff/${last.id}`, { token: deputy.token })).status).toBe(409);
      const [row] = await shop.database.db.select().from(staffMembers).where(eq(staffMembers.userId, last.id));
      expect(row?.role).toBe('owner');
      // With a second owner the first may step down.
      await shop.database.db.update(staffMembers).set({ role: 'owner' }).where(eq(staffMembers.userId, deputy.id));
      expect((await call(shop, 'PUT', `/api/admin/staff/${last.id}/role`, { token: deputy.token, body: { role: 'manager' } })).status).toBe(200);
    } finally {
      if (parked.length) await shop.database.db.update(users).set({ status: 'active' }).where(inArray(users.id, parked.map((row) => row.id)));
    }
  });

  it('clears a lost authenticator: the person enrols again at the next sign-in', async () => {
    const packer = await onboard('fulfilment');
    expect((await call(shop, 'POST', `/api/admin/staff/${packer.id}/two-factor-reset`, { token: owner })).status).toBe(200);
    expect(await shop.database.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, packer.id))).toEqual([]);
    expect((await call(shop, 'GET', '/api/admin/me', { token: packer.token })).status).toBe(401);
  });

  it('withdraws an older invitation when a newer one goes to the same address', async () => {
    const email = `again.${Date.now()}@deosil.test`;
    await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email, name: 'Again', role: 'support' } });
    const first = await invitationToken(email);
    later(1);
    await call(shop, 'POST', '/api/admin/staff/invitations', { token: owner, body: { email, name: 'Again', role: 'accountant' } });
    expect((await call(shop, 'POST', '/api/admin/invitations/open', { body: { token: first } })).status).toBe(400);
    const rows = await shop.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(rows.filter((row) => row.revokedAt)).toHaveLength(1);
  });
});
