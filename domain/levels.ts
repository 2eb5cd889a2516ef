/**
 * Loyalty levels by money spent on paid, non-cancelled orders (see countsAsSpent in orders.ts). Thresholds are
 * whole rupees, held in paise like every amount inside the shop.
 */

export const LEVELS = [
  { name: 'Mystical Novice', minimumPaise: 0 },
  { name: 'Fragrance Explorer', minimumPaise: 100_00 },
  { name: 'Scent Seeker', minimumPaise: 250_00 },
  { name: 'Potion Adept', minimumPaise: 500_00 },
  { name: 'Mystic Master', minimumPaise: 1000_00 },
] as const;

export type LevelName = (typeof LEVELS)[number]['name'];

export interface LevelStanding {
  name: LevelName;
  /** Index in LEVELS, 0 for the first. */
  rank: number;
  totalSpentPaise: number;
  /** The next level's name, or null at the top. */
  next: LevelName | null;
  /** How much more must be spent to reach the next level (null at the top). */
  remainingPaise: number | null;
}

/** Where a customer stands: their level, and what the next one costs. Negative totals count as nothing spent. */
export function levelFor(totalSpentPaise: number): LevelStanding {
  const spent = Math.max(0, Math.trunc(totalSpentPaise));
  let rank = 0;
  for (let index = 0; index < LEVELS.length; index += 1) if (spent >= LEVELS[index]!.minimumPaise) rank = index;
  const next = LEVELS[rank + 1];
  return {
    name: LEVELS[rank]!.name,
    rank,
    totalSpentPaise: spent,
    next: next?.name ?? null,
    remainingPaise: next ? next.minimumPaise - spent : null,
  };
}

/** The levels passed between two totals (lowest first): what an order that moved the total has just reached. */
export function levelsReached(beforePaise: number, afterPaise: number): LevelName[] {
  const from = levelFor(beforePaise).rank;
  const to = levelFor(afterPaise).rank;
  return LEVELS.slice(from + 1, to + 1).map((level) => level.name);
}
