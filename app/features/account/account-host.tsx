import { useCallback, useEffect } from 'react';
import toast from 'react-hot-toast';
import { api } from '../../lib/api-client.ts';
import { useLiveInbox } from '../notifications/notification-feed.ts';
import { AuthDialog } from './auth-dialog.tsx';
import { useAuth } from './auth-store.ts';

/** Mounted once in the root: checks a stored session at start, keeps notifications live, hosts the dialog. */
export function AccountHost() {
  const token = useAuth((state) => (state.user ? state.token : null));
  const restore = useAuth((state) => state.restore);

  useEffect(() => {
    void restore();
  }, [restore]);

  // The stream says the session ended (signed out elsewhere, banned): confirm with the server, which drops it.
  const onSessionEnded = useCallback(() => {
    void api('/auth/me').catch(() => toast.error('Your session has ended. Please sign in again.'));
  }, []);
  useLiveInbox('/notifications', token, onSessionEnded);

  return <AuthDialog />;
}
