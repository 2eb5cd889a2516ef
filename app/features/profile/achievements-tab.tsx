import { useState } from 'react';
import type { Achievement, PersonalCoupon } from '../../../contracts/profile.ts';
import { ACHIEVEMENT_CATEGORIES, filterAchievements, type AchievementFilter, type Rarity } from '../../../domain/achievements.ts';
import { useAchievements } from './profile-queries.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

const rarityStyle: Record<Rarity, string> = {
  common: 'border-ash/40 text-ash',
  uncommon: 'border-emerald-300/50 text-emerald-300',
  rare: 'border-sky-300/50 text-sky-300',
  epic: 'border-orchid/60 text-orchid',
  legendary: 'border-gold-bright/70 text-gold-bright',
};


const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();
const FILTERS: { value: AchievementFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unlocked', label: 'Unlocked' },
  { value: 'locked', label: 'Locked' },
  ...ACHIEVEMENT_CATEGORIES.map((category) => ({ value: category, label: titleCase(category) })),
];

function AchievementCard({ achievement }: { achievement: Achievement }) {
  return (
    <li className={`panel flex flex-col gap-3 p-4 ${achievement.unlocked ? 'border-gold/40' : 'opacity-80'}`} aria-label={`${achievement.title}, ${achievement.unlocked ? 'unlocked' : 'locked'}`}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-2xl ${achievement.unlocked ? 'bg-gradient-to-br from-amethyst to-gold text-void' : 'bg-night text-ash grayscale'}`}
        >
          {achievement.icon}
        </span>
        <div className="min-w-0 flex-1">
          <h3 className={`text-base ${achievement.unlocked ? 'text-gold-bright' : 'text-mist'}`}>{achievement.title}</h3>
          <p className="text-sm text-ash">{achievement.description}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className={`rounded-full border px-2 py-0.5 capitalize ${rarityStyle[achievement.rarity]}`}>{achievement.rarity}</span>
        <span className="rounded-full border border-shadow px-2 py-0.5 text-ash">{titleCase(achievement.category)}</span>
      </div>
      <p className="text-sm text-orchid">Reward: {achievement.reward.description}</p>
      {achievement.unlocked ? (
        <p className="text-xs text-gold">✦ Unlocked {achievement.unlockedAt ? formatShopDate(achievement.unlockedAt) : ''}</p>
      ) : (
        <div>
          <div className="flex justify-between text-xs text-ash">
            <span>
              {achievement.current} / {achievement.target}
            </span>
            <span>{achievement.progress}%</span>
          </div>
          <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-night" role="progressbar" aria-label={`${achievement.title} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={achievement.progress}>
            <div className="h-full rounded-full bg-amethyst" style={{ width: `${achievement.progress}%` }} />
          </div>
        </div>
      )}
    </li>
  );
}

export function RewardCoupons({ coupons }: { coupons: PersonalCoupon[] }) {
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="reward-coupons" className="panel p-5">
      <h2 id="reward-coupons" className="text-lg text-gold-bright">
        Your Reward Coupons
      </h2>
      <p className="text-sm text-ash">Single use, on your own orders only. Enter the code in your cart.</p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {coupons.map((coupon) => (
          <li key={coupon.code} className={`rounded-lg border border-dashed p-3 ${coupon.used ? 'border-shadow opacity-60' : 'border-gold/50'}`}>
            <p className="font-mono text-base tracking-wider break-all text-gold-bright">{coupon.code}</p>
            <p className="text-xs text-ash">
              {coupon.percent}% off · {coupon.achievementTitle} · {coupon.used ? 'Used' : 'Ready to use'}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AchievementsTab({ userId }: { userId: string }) {
  const [filter, setFilter] = useState<AchievementFilter>('all');
  const query = useAchievements(userId);
  if (query.isPending) return <p role="status" className="text-ash">Consulting the stars...</p>;
  if (query.isError) {
    return (
      <div role="alert" className="panel p-6 text-center">
        <p className="text-blood">Your achievements could not be loaded.</p>
        <button type="button" className="btn-ghost mt-3" onClick={() => void query.refetch()}>
          Try Again
        </button>
      </div>
    );
  }
  const { achievements, stats, coupons } = query.data;
  const shown = filterAchievements(achievements, filter);
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Unlocked', `${stats.unlockedCount} / ${stats.totalAchievements}`],
          ['Loyalty points', String(stats.points)],
          ['Badges', String(stats.badges.length)],
          ['Reward coupons', String(coupons.filter((coupon) => !coupon.used).length)],
        ].map(([label, value]) => (
          <div key={label} className="panel p-3 text-center">
            <dt className="text-xs text-ash">{label}</dt>
            <dd className="font-display text-lg text-gold-bright">{value}</dd>
          </div>
        ))}
      </dl>
      {stats.badges.length ? (
        <p className="text-sm text-ash">
          <span className="text-mist">Badges and frames:</span> {stats.badges.join(' · ')}
        </p>
      ) : null}
      <RewardCoupons coupons={coupons} />
      <div role="group" aria-label="Filter achievements" className="flex flex-wrap gap-2">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={filter === option.value}
            onClick={() => setFilter(option.value)}
            className={`rounded-full border px-3 py-1.5 text-xs tracking-wide transition ${filter === option.value ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-ash hover:border-gold/50 hover:text-mist'}`}
          >
            {option.label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <div className="panel p-8 text-center">
          <p className="font-display text-gold-bright">No achievements found</p>
          <p className="mt-1 text-sm text-ash">Try another filter, or keep exploring to unlock more.</p>
        </div>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((achievement) => (
            <AchievementCard key={achievement.id} achievement={achievement} />
          ))}
        </ul>
      )}
    </div>
  );
}
