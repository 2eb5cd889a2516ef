import type { AdminIdentity } from '../../contracts/auth.ts';

/**
 * Where the browser keeps its session token (docs/decisions/0003): the shop under the customer key, the admin
 * portal under the admin key with the admin's name. An admin account has one session, signed in on either side;
 * both keys then hold the same token, so the shop and the portal are one sign-in.
 */
export const CUSTOMER_TOKEN_KEY = 'deosil-customer-token';
export const ADMIN_DATA_KEY = 'deosil-admin-data';

export interface StoredAdmin {
  token: string;
  admin: AdminIdentity;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) window.localStorage.setItem(key, value);
    else window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private browsing): the session lasts as long as the tab.
  }
}

export const customerToken = {
  read: () => read(CUSTOMER_TOKEN_KEY),
  write: (token: string | null) => write(CUSTOMER_TOKEN_KEY, token),
};

export const adminData = {
  read(): StoredAdmin | null {
    try {
      const raw = read(ADMIN_DATA_KEY);
      return raw ? (JSON.parse(raw) as StoredAdmin) : null;
    } catch {
      return null;
    }
  },
  write: (value: StoredAdmin | null) => write(ADMIN_DATA_KEY, value ? JSON.stringify(value) : null),
};

/** Signing out ends the session on the server; the other side's copy of that same token goes too. */
export function forgetToken(token: string | null): void {
  if (!token) return;
  if (customerToken.read() === token) customerToken.write(null);
  if (adminData.read()?.token === token) adminData.write(null);
}
