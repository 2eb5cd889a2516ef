import { create } from 'zustand';
import type { AdminIdentity } from '../../../contracts/auth.ts';
import { api, ApiRequestError, type ApiOptions } from '../../lib/api-client.ts';

/** Where the admin portal keeps its session (spec: storage key "admin data"). */
export const ADMIN_DATA_KEY = 'deosil-admin-data';

interface AdminSession {
  status: 'loading' | 'ready';
  admin: AdminIdentity | null;
  token: string | null;
  signedIn(token: string, admin: AdminIdentity): void;
  signOut(): Promise<void>;
  forget(): void;
  restore(): Promise<void>;
}

const store = {
  read(): { token: string; admin: AdminIdentity } | null {
    try {
      const raw = window.localStorage.getItem(ADMIN_DATA_KEY);
      return raw ? (JSON.parse(raw) as { token: string; admin: AdminIdentity }) : null;
    } catch {
      return null;
    }
  },
  write(value: { token: string; admin: AdminIdentity } | null) {
    try {
      if (value) window.localStorage.setItem(ADMIN_DATA_KEY, JSON.stringify(value));
      else window.localStorage.removeItem(ADMIN_DATA_KEY);
    } catch {
      // Storage unavailable: the admin stays signed in for this tab only.
    }
  },
};

export const useAdminSession = create<AdminSession>((set, get) => ({
  status: 'loading',
  admin: null,
  token: null,
  signedIn: (token, admin) => {
    store.write({ token, admin });
    set({ token, admin, status: 'ready' });
  },
  signOut: async () => {
    const token = get().token;
    if (token) await api('/admin/logout', { method: 'POST', token }).catch(() => undefined);
    get().forget();
  },
  forget: () => {
    store.write(null);
    set({ token: null, admin: null, status: 'ready' });
  },
  restore: async () => {
    if (get().status === 'ready' && get().admin) return;
    const saved = store.read();
    if (!saved?.token) {
      set({ status: 'ready' });
      return;
    }
    try {
      const { admin } = await api<{ admin: AdminIdentity }>('/admin/me', { token: saved.token });
      set({ token: saved.token, admin, status: 'ready' });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) store.write(null);
      set({ token: null, admin: null, status: 'ready' });
    }
  },
}));

/** An admin API call with the admin's token; a refused session signs the portal out. */
export async function adminApi<T>(path: string, options: Omit<ApiOptions, 'token'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...options, token: useAdminSession.getState().token });
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403)) useAdminSession.getState().forget();
    throw error;
  }
}
