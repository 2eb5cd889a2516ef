import type { Level } from '../../../contracts/profile.ts';
import { LEVELS } from '../../../domain/levels.ts';
import { formatRupees } from '../../../domain/money.ts';

/** How far along the way to the next level the customer is, 0–100. */
export function levelProgress(level: Level): number {
  if (level.next === null || level.remaining === null) return 100;
  const index = LEVELS.findIndex((entry) => entry.name === level.name);
  const from = (LEVELS[index]?.minimumPaise ?? 0) / 100;
  const to = (LEVELS[index + 1]?.minimumPaise ?? 0) / 100;
  return to > from ? Math.min(100, Math.max(0, Math.floor(((level.totalSpent - from) / (to - from)) * 100))) : 100;
}

/** '₹150.00 more to Scent Seeker', or the top-level line. */
export function nextLevelText(level: Level): string {
  return level.next === null || level.remaining === null ? 'Highest level reached' : `${formatRupees(level.remaining)} more to ${level.next}`;
}

export function LevelProgress({ level }: { level: Level }) {
  const percent = levelProgress(level);
  return (
    <div className="w-full">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span className="font-display text-gold-bright">{level.name}</span>
        <span className="text-ash">{nextLevelText(level)}</span>
      </div>
      <div
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-night"
        role="progressbar"
        aria-label={`Progress to ${level.next ?? 'the highest level'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="h-full rounded-full bg-gradient-to-r from-amethyst to-gold" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-ash">Spent on paid orders: {formatRupees(level.totalSpent)}</p>
    </div>
  );
}
