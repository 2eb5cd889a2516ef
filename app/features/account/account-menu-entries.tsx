import { Link, useNavigate } from 'react-router';
import { useAuth } from './auth-store.ts';

const entry = 'block w-full rounded-md px-4 py-3 text-left font-display tracking-widest text-mist hover:bg-crypt hover:text-gold-bright';

/** The account entries of the mobile 'MYSTICAL NAVIGATION' menu. */
export function AccountMenuEntries({ onNavigate }: { onNavigate: () => void }) {
  const { status, user, openDialog, signOut } = useAuth();
  const navigate = useNavigate();
  if (status === 'loading') return null;
  if (!user) {
    return (
      <>
        <li>
          <button type="button" className={entry} onClick={() => (onNavigate(), openDialog('login'))}>
            Sign In
          </button>
        </li>
        <li>
          <button type="button" className={entry} onClick={() => (onNavigate(), openDialog('register'))}>
            Join the Coven
          </button>
        </li>
      </>
    );
  }
  return (
    <>
      <li>
        <Link to="/profile" className={entry} onClick={onNavigate}>
          Profile <span className="block text-xs tracking-normal text-ash">Manage your account</span>
        </Link>
      </li>
      <li>
        <Link to="/orders" className={entry} onClick={onNavigate}>
          Track Orders <span className="block text-xs tracking-normal text-ash">Order history &amp; status</span>
        </Link>
      </li>
      {user.role === 'admin' ? (
        <li>
          <Link to="/admin/dashboard" className={entry} onClick={onNavigate}>
            Admin Panel <span className="block text-xs tracking-normal text-ash">Control the realm</span>
          </Link>
        </li>
      ) : null}
      <li>
        <button type="button" className={`${entry} text-blood`} onClick={() => (onNavigate(), void signOut().then(() => navigate('/')))}>
          Sign Out
        </button>
      </li>
    </>
  );
}
