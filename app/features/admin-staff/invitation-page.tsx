import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminIdentity } from '../../../contracts/auth.ts';
import { homeFor, TwoFactorStep, useAdminSession } from '../admin/index.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';

interface Invitation {
  email: string;
  name: string;
  roleName: string;
  expiresAt: string;
}

/** An invitation's link: choose a password, link the authenticator app, and enter the back office. */
export function InvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const signedIn = useAdminSession((state) => state.signedIn);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    api<{ invitation: Invitation }>('/admin/invitations/open', {
      method: 'POST',
      body: { token },
      token: null,
    }).then(
      (response) => setInvitation(response.invitation),
      (caught: unknown) => setRefused(caught instanceof ApiRequestError ? caught.message : 'This invitation could not be opened.'),
    );
  }, [token]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (password.length < 10) return setError('Choose a password of at least 10 characters');
    if (password !== confirm) return setError('The two passwords differ');
    setBusy(true);
    setError(null);
    try {
      const response = await api<{ challenge: string }>('/admin/invitations/accept', { method: 'POST', body: { token, password }, token: null });
      setChallenge(response.challenge);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : 'An error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const enter = (sessionToken: string, admin: AdminIdentity) => {
    signedIn(sessionToken, admin);
    void navigate(homeFor(admin.permissions), { replace: true });
  };

  return (
    <div className="fixed inset-0 z-[45] flex items-center justify-center overflow-y-auto bg-void p-4">
      <div className="w-full max-w-md py-6">
        <Link to="/" className="mb-6 inline-flex items-center gap-2 text-sm text-ash hover:text-gold-bright">
          ← Back to the shop
        </Link>
        <div className="panel border-gold/30 p-6 sm:p-8">
          <p className="eyebrow text-center">✦ An invitation</p>
          <h1 className="mt-2 text-center text-2xl text-gold-bright">Join the back office</h1>
          {refused ? (
            <p className="mt-4 text-center text-sm text-blood" role="alert">
              {refused}
            </p>
          ) : !invitation ? (
            <p role="status" className="mt-4 text-center text-sm text-ash">
              Opening your invitation…
            </p>
          ) : challenge ? (
            <TwoFactorStep kind="enrol" challenge={challenge} onSignedIn={enter} />
          ) : (
            <>
              <p className="mt-2 text-center text-sm text-ash">
                Welcome, {invitation.name}. You join as <span className="text-mist">{invitation.roleName}</span> and sign in as {invitation.email}.
              </p>
              <form className="mt-6 space-y-4" noValidate onSubmit={submit}>
                <TextField
                  label="Choose a password"
                  type="password"
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => (setPassword(event.target.value), setError(null))}
                />
                <TextField
                  label="The password again"
                  type="password"
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(event) => (setConfirm(event.target.value), setError(null))}
                />
                <ErrorSummary>{error}</ErrorSummary>
                <button type="submit" className="btn-gold w-full py-3" disabled={busy}>
                  {busy ? 'Saving…' : 'Set my password'}
                </button>
              </form>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
