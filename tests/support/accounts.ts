import { expect } from 'vitest';
import type { User } from '../../contracts/auth.ts';
import { bootstrapAdmins } from '../../server/modules/accounts/admin-bootstrap.ts';
import type { TestShop } from './test-app.ts';

let counter = 0;

/** A registration body that passes every rule; override what a test is about. */
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: 'Mira Night',
    email: `mira.${counter}.${Date.now()}@deosil.test`,
    password: 'Moonlight7!',
    confirmPassword: 'Moonlight7!',
    birthSign: 'Scorpio',
    preferences: { favoriteScents: [], intensityPreference: '', budgetRange: '' },
    ...overrides,
  };
}

export interface Call {
  status: number;
  body: Record<string, unknown> & { success?: boolean; message?: string; errors?: { field: string; message: string }[] };
  headers: Record<string, unknown>;
}

export async function call(shop: TestShop, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, options: { token?: string; body?: unknown; ip?: string } = {}): Promise<Call> {
  const response = await shop.app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    remoteAddress: options.ip ?? '203.0.113.9',
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** A GET that must answer 200 (the test fails showing the body otherwise), its body typed as the contract says. */
export async function getOk<T>(shop: TestShop, url: string, token?: string): Promise<T> {
  const response = await call(shop, 'GET', url, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as unknown as T;
}

let addresses = 0;

/**
 * A documentation address (RFC 5737) of its own for each registration: registrations are limited per client
 * address, and a test about anything else should not run into that limit by sharing one.
 */
export function freshAddress(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

export async function registerCustomer(shop: TestShop, overrides: Record<string, unknown> = {}): Promise<{ token: string; user: User; password: string }> {
  const body = registration(overrides);
  const response = await call(shop, 'POST', '/api/auth/register', { body, ip: freshAddress() });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { token: response.body.token as string, user: response.body.user as User, password: body.password as string };
}

export const ADMIN = { email: 'keeper@deosil.test', password: 'keeper-secret-13', name: 'Coven Keeper' };

/** The configured admin, as the start-up bootstrap creates it, signed in through the admin door. */
export async function signInAdmin(shop: TestShop, admin = ADMIN, ip?: string): Promise<string> {
  await bootstrapAdmins(shop.database.db, { admin, demoMode: false });
  const response = await call(shop, 'POST', '/api/admin/login', { body: { email: admin.email, password: admin.password }, ...(ip ? { ip } : {}) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.token as string;
}
