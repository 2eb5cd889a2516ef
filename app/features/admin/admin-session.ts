import { create } from 'zustand';
import type { AdminIdentity } from '../../../contracts/auth.ts';
import type { Permission } from '../../../domain/staff-roles.ts';
import { api, ApiRequestError, type ApiOptions } from '../../lib/api-client.ts';
import { adminData, customerToken, forgetToken } from '../../lib/session-storage.ts';
import { useAuth } from '../account/index.ts';

export { ADMIN_DATA_KEY } from '../../lib/session-storage.ts';

interface AdminSession {
  status: 'loading' | 'ready';
  admin: AdminIdentity | null;
  token: string | null;
  signedIn(token: string, admin: AdminIdentity): void;
  signOut(): Promise<void>;
  forget(): void;
  restore(): Promise<void>;
}

const refused = (error: unknown) => error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
/**
 * A session the portal must let go of: 401, or a 403 that is not about one permission (a customer's token). A
 * staff member refused one permission stays signed in and sees the refusal.
 */
const sessionRefused = (error: unknown) => refused(error) && !(error as ApiRequestError).errors.some((item) => item.field === 'permission');

/**
 * The portal's session. An admin account has one session for the shop and the portal (docs/decisions/0003): the
 * portal takes up the shop's token when it belongs to an admin, and a portal sign-in signs the shop in too when
 * nobody is signed in there. The server checks the role on every /api/admin call, whichever side stored the token.
 */
export const useAdminSession = create<AdminSession>((set, get) => ({
  status: 'loading',
  admin: null,
  token: null,
  signedIn: (token, admin) => {
    adminData.write({ token, admin });
    set({ token, admin, status: 'ready' });
    const shop = useAuth.getState();
    if (!shop.user) {
      customerToken.write(token);
      void shop.restore();
    }
  },
  signOut: async () => {
    const token = get().token;
    if (token) await api('/admin/logout', { method: 'POST', token }).catch(() => undefined);
    forgetToken(token);
    if (token && useAuth.getState().token === token) useAuth.getState().forget();
    get().forget();
  },
  forget: () => {
    adminData.write(null);
    set({ token: null, admin: null, status: 'ready' });
  },
  restore: async () => {
    if (get().status === 'ready' && get().admin) return;
    const saved = adminData.read();
    // Without a portal session of its own, the portal asks whether the shop's session is an admin's.
    const token = saved?.token ?? customerToken.read();
    if (!token) {
      set({ status: 'ready' });
      return;
    }
    try {
      const { admin } = await api<{ admin: AdminIdentity }>('/admin/me', { token });
      adminData.write({ token, admin });
      set({ token, admin, status: 'ready' });
    } catch (error) {
      // A refused portal session is dropped; a customer's shop token answering 403 here stays the shop's.
      if (saved && refused(error)) adminData.write(null);
      set({ token: null, admin: null, status: 'ready' });
    }
  },
}));

// Signing out in the shop ends the one session: the portal lets go of it too.
useAuth.subscribe((state, previous) => {
  const portal = useAdminSession.getState();
  if (previous.token && !state.token && portal.token === previous.token) portal.forget();
});

/** An admin API call with the admin's token; a refused session signs the portal out. */
export async function adminApi<T>(path: string, options: Omit<ApiOptions, 'token'> = {}): Promise<T> {
  try {
    return await api<T>(path, { ...options, token: useAdminSession.getState().token });
  } catch (error) {
    if (sessionRefused(error)) useAdminSession.getState().forget();
    throw error;
  }
}

/** Whether the signed-in staff member's role includes `permission` (the server checks it again on every call). */
export function useCan(): (permission: Permission) => boolean {
  const admin = useAdminSession((state) => state.admin);
  return (permission) => !!admin?.permissions?.includes(permission);
}
