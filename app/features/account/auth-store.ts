import { create } from 'zustand';
import type { User } from '../../../contracts/auth.ts';
import { api, setAuthTokenProvider, setUnauthorizedHandler } from '../../lib/api-client.ts';

/** Where the customer's session token lives in the browser (spec: storage key "customer token"). */
export const CUSTOMER_TOKEN_KEY = 'deosil-customer-token';

export type AuthMode = 'login' | 'register';

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

const readToken = () => {
  try {
    return window.localStorage.getItem(CUSTOMER_TOKEN_KEY);
  } catch {
    return null;
  }
};
const writeToken = (token: string | null) => {
  try {
    if (token) window.localStorage.setItem(CUSTOMER_TOKEN_KEY, token);
    else window.localStorage.removeItem(CUSTOMER_TOKEN_KEY);
  } catch {
    // Private browsing without storage: the session lasts until the tab closes.
  }
};

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
    if (get().token) await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
    get().forget();
  },
  forget: () => {
    writeToken(null);
    set({ token: null, user: null, status: 'ready' });
  },
  restore: async () => {
    const token = readToken();
    if (!token) {
      set({ status: 'ready' });
      return;
    }
    set({ token });
    try {
      const { user } = await api<{ user: User }>('/auth/me');
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
