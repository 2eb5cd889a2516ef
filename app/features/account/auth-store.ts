import { create } from 'zustand';
import type { User } from '../../../contracts/auth.ts';
import { api, setAuthTokenProvider, setUnauthorizedHandler } from '../../lib/api-client.ts';
import { adminData, customerToken, forgetToken } from '../../lib/session-storage.ts';

/** Where the customer's session token lives in the browser (spec: storage key "customer token"). */
export { CUSTOMER_TOKEN_KEY } from '../../lib/session-storage.ts';

/** 'code' and 'link' sign in without a password: a texted code, or a link by e-mail. */
export type AuthMode = 'login' | 'register' | 'code' | 'link';

interface AuthState {
  /** 'loading' until the stored token has been checked once. */
  status: 'loading' | 'ready';
  user: User | null;
  token: string | null;
  dialog: { open: boolean; mode: AuthMode; openedAt: number };
  openDialog(mode: AuthMode): void;
  closeDialog(): void;
  signedIn(token: string, user: User): void;
  setUser(user: User): void;
  signOut(): Promise<void>;
  /** Drops the session locally, without telling the server (it already ended it). */
  forget(): void;
  restore(): Promise<void>;
}

const writeToken = customerToken.write;

export const useAuth = create<AuthState>((set, get) => ({
  status: 'loading',
  user: null,
  token: null,
  dialog: { open: false, mode: 'login', openedAt: 0 },
  openDialog: (mode) => set({ dialog: { open: true, mode, openedAt: Date.now() } }),
  closeDialog: () => set((state) => ({ dialog: { ...state.dialog, open: false } })),
  signedIn: (token, user) => {
    writeToken(token);
    set((state) => ({ token, user, status: 'ready', dialog: { ...state.dialog, open: false } }));
  },
  setUser: (user) => set({ user }),
  signOut: async () => {
    const token = get().token;
    if (token) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
    // The session is over on the server: an admin's portal copy of the same token goes with it.
    forgetToken(token);
    get().forget();
  },
  forget: () => {
    writeToken(null);
    set({ token: null, user: null, status: 'ready' });
  },
  restore: async () => {
    // An admin signed in to the portal is signed in to the shop too: one session (docs/decisions/0003).
    const token = customerToken.read() ?? adminData.read()?.token ?? null;
    if (!token) {
      set({ status: 'ready' });
      return;
    }
    set({ token });
    try {
      const { user } = await api<{ user: User }>('/auth/me');
      writeToken(token);
      set({ user, status: 'ready' });
    } catch (error) {
      // A refused token is dropped; a network failure keeps it for the next visit but shows nobody signed in.
      if ((error as { status?: number }).status === 401) writeToken(null);
      set({ token: (error as { status?: number }).status === 401 ? null : token, user: null, status: 'ready' });
    }
  },
}));

setAuthTokenProvider(() => useAuth.getState().token);
setUnauthorizedHandler(() => {
  if (useAuth.getState().user) useAuth.getState().forget();
});
