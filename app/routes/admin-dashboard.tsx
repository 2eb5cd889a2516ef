import { Link, useNavigate } from 'react-router';
import { useAdminSession } from '../features/admin/admin-session.ts';

/** The dashboard's welcome and sign-out; its statistics arrive with the orders and analytics. */
export default function AdminDashboard() {
  const { admin, signOut } = useAdminSession();
  const navigate = useNavigate();
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="eyebrow">Dashboard</p>
          <h1 className="mt-1 text-2xl text-gold-bright">Welcome back, {admin?.name}</h1>
        </div>
        <button type="button" className="btn-ghost" onClick={() => void signOut().then(() => navigate('/admin/login'))}>
          Sign Out
        </button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {[
          { to: '/admin/products', label: 'Add Product' },
          { to: '/admin/orders', label: 'View Orders' },
          { to: '/admin/analytics', label: 'Analytics' },
          { to: '/admin/users', label: 'Users' },
        ].map((action) => (
          <Link key={action.to} to={action.to} className="panel p-4 text-center font-display tracking-widest text-mist hover:border-gold/40 hover:text-gold-bright">
            {action.label}
          </Link>
        ))}
      </div>
    </section>
  );
}
