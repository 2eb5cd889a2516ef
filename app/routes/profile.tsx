import { Link, useNavigate } from 'react-router';
import { initialsOf } from '../../domain/accounts.ts';
import { brand } from '../brand.ts';
import { useAuth } from '../features/account/auth-store.ts';
import { RequireCustomer } from '../features/account/require-customer.tsx';

export function meta() {
  return [{ title: `Your Profile | ${brand.name}` }, { name: 'robots', content: 'noindex' }];
}

export default function Profile() {
  return (
    <RequireCustomer>
      <ProfileOverview />
    </RequireCustomer>
  );
}

/** The account overview; order history, achievements and settings tabs arrive with the profile. */
function ProfileOverview() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <div className="panel flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xl font-bold text-void">{initialsOf(user.name)}</span>
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl text-gold-bright">{user.name}</h1>
          <p className="text-ash">{user.email}</p>
          <p className="mt-1 text-sm text-orchid">
            {user.mysticLevel} · Member since {new Date(user.joinDate).toLocaleDateString('en-IN', { month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}
          </p>
        </div>
        <button type="button" className="btn-ghost" onClick={() => void signOut().then(() => navigate('/'))}>
          Sign Out
        </button>
      </div>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Link to="/orders" className="panel p-5 hover:border-gold/40">
          <p className="font-display text-gold-bright">Track Orders</p>
          <p className="text-sm text-ash">{user.orders} orders so far</p>
        </Link>
        <Link to="/products" className="panel p-5 hover:border-gold/40">
          <p className="font-display text-gold-bright">Browse Products</p>
          <p className="text-sm text-ash">Find your next potion</p>
        </Link>
      </div>
    </section>
  );
}
