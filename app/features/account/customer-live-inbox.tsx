import { useCallback } from 'react';
import toast from '../../lib/toast.ts';
import { api } from '../../lib/api-client.ts';
import { useLiveInbox } from '../notifications/index.ts';

/** Keeps the signed-in customer's notifications live while the page is open. */
export function CustomerLiveInbox({ token }: { token: string }) {
  // The stream says the session ended (signed out elsewhere, banned): confirm with the server, which drops it.
  const onSessionEnded = useCallback(() => {
    void api('/auth/me').catch(() => toast.error('Your session has ended. Please sign in again.'));
  }, []);
  useLiveInbox('/notifications', token, onSessionEnded);
  return null;
}
