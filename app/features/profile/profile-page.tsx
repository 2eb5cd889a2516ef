import { useRef, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../contracts/auth.ts';
import { initialsOf } from '../../../domain/accounts.ts';
import { formatRupees } from '../../../domain/money.ts';
import { useAuth } from '../account/index.ts';
import { AchievementsTab, RewardCoupons } from './achievements-tab.tsx';
import { LevelProgress } from './level-progress.tsx';
import { OrderList } from './orders-tab.tsx';
import { ProfileDetails } from './profile-details.tsx';
import { AddressBookSection } from '../address-book/index.ts';
import { useAchievements } from './profile-queries.ts';
import { PrivacyTab } from './privacy-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { VerifyEmailBanner } from './verify-email-banner.tsx';
import { StoreCreditSection } from './store-credit-section.tsx';

export const PROFILE_TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'orders', label: 'Order History' },
  { id: 'achievements', label: 'Achievements' },
  { id: 'settings', label: 'Account Settings' },
  { id: 'privacy', label: 'Privacy' },
] as const;
type TabId = (typeof PROFILE_TABS)[number]['id'];

const memberSince = (joinDate: string) =>
  formatShopDate(joinDate, 'longDay');

function ProfileHeader({ user }: { user: User }) {
  const signOut = useAuth((state) => state.signOut);
  const navigate = useNavigate();
  return (
    <div className="panel flex flex-col gap-5 p-5 sm:p-6 md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-amethyst to-gold font-display text-xl font-bold text-void shadow-[0_0_24px_rgb(217_180_90/0.3)]">
          {initialsOf(user.name)}
        </span>
        <div className="min-w-0">
          <h1 className="text-xl text-gold-bright sm:text-2xl">{user.name}</h1>
          <p className="break-all text-ash">{user.email}</p>
          <p className="text-xs text-ash">Member since {memberSince(user.joinDate)}</p>
        </div>
      </div>
      <div className="w-full md:max-w-xs">
        <LevelProgress level={user.level} />
      </div>
      <button type="button" className="btn-ghost self-start md:self-center" onClick={() => void signOut().then(() => navigate('/'))}>
        Sign Out
      </button>
    </div>
  );
}

function Overview({ user }: { user: User }) {
  const query = useAchievements(user.id);
  const stats = query.data?.stats;
  const tiles: [string, string][] = [
    ['Orders', String(user.orders)],
    ['Spent', formatRupees(user.level.totalSpent)],
    ['Achievements', stats ? `${stats.unlockedCount} / ${stats.totalAchievements}` : '…'],
    ['Loyalty points', stats ? String(stats.points) : '…'],
  ];
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy={query.isPending}>
        {tiles.map(([label, value]) => (
          <div key={label} className="panel p-4 text-center">
            <dt className="text-xs text-ash">{label}</dt>
            <dd className="font-display text-xl text-gold-bright">{value}</dd>
          </div>
        ))}
      </dl>
      <ProfileDetails user={user} />
      <AddressBookSection />
      <StoreCreditSection />
      {query.data ? <RewardCoupons coupons={query.data.coupons} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to="/products" className="panel p-5 transition hover:border-gold/40">
          <p className="font-display text-gold-bright">Browse Products</p>
          <p className="text-sm text-ash">Find your next potion</p>
        </Link>
        <Link to="/orders" className="panel p-5 transition hover:border-gold/40">
          <p className="font-display text-gold-bright">Track Orders</p>
          <p className="text-sm text-ash">Follow your deliveries</p>
        </Link>
      </div>
    </div>
  );
}

/** The customer's profile: overview with editable details, order history, achievements and account settings. */
export function ProfilePage({ user }: { user: User }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = PROFILE_TABS.some((entry) => entry.id === requested) ? (requested as TabId) : 'overview';
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const select = (id: TabId) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true, preventScrollReset: true });

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + PROFILE_TABS.length) % PROFILE_TABS.length;
    select(PROFILE_TABS[next]!.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <ProfileHeader user={user} />
      <VerifyEmailBanner user={user} />
      <div role="tablist" aria-label="Profile sections" className="mt-6 grid grid-cols-2 gap-2 sm:flex sm:gap-1 sm:border-b sm:border-shadow">
        {PROFILE_TABS.map((entry, index) => (
          <button
            key={entry.id}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${entry.id}`}
            aria-selected={tab === entry.id}
            aria-controls={`panel-${entry.id}`}
            tabIndex={tab === entry.id ? 0 : -1}
            onClick={() => select(entry.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            // Phones get a two-by-two grid of buttons, so no tab hides off screen; wider screens a tab strip.
            className={`rounded-md border px-3 py-2.5 font-display text-xs tracking-widest whitespace-nowrap uppercase transition sm:shrink-0 sm:rounded-none sm:border-0 sm:border-b-2 sm:px-4 sm:text-sm ${
              tab === entry.id ? 'border-gold bg-gold/10 text-gold-bright sm:bg-transparent' : 'border-shadow text-ash hover:text-mist sm:border-transparent'
            }`}
          >
            {entry.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="mt-6">
        {tab === 'overview' ? <Overview user={user} /> : null}
        {tab === 'orders' ? (
          <div className="grid gap-4">
            <h2 className="text-xl text-gold-bright">Order History</h2>
            <OrderList userId={user.id} />
          </div>
        ) : null}
        {tab === 'achievements' ? (
          <div className="grid gap-4">
            <h2 className="text-xl text-gold-bright">Achievements</h2>
            <AchievementsTab userId={user.id} />
          </div>
        ) : null}
        {tab === 'settings' ? (
          <div className="grid gap-4">
            <h2 className="text-xl text-gold-bright">Account Settings</h2>
            <SettingsTab user={user} />
          </div>
        ) : null}
        {tab === 'privacy' ? (
          <div className="grid gap-4">
            <h2 className="text-xl text-gold-bright">Privacy</h2>
            <PrivacyTab user={user} />
          </div>
        ) : null}
      </div>
    </section>
  );
}
