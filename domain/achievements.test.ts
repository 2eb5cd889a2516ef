import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENTS,
  achievementStats,
  evaluateAchievements,
  filterAchievements,
  pointsEarned,
  progressPercent,
  seasonOf,
  type AchievementFacts,
} from './achievements.ts';

const NOW = new Date('2026-11-21T10:00:00+05:30');
const DAY = 24 * 60 * 60 * 1000;
const ist = (local: string) => new Date(`${local}+05:30`);

function facts(overrides: Partial<AchievementFacts> = {}): AchievementFacts {
  return { joinedAt: new Date(NOW.getTime() - DAY), orders: [], productFirstViews: [], categoryFirstPurchases: [], reviewDates: [], ...overrides };
}
const order = (placedAt: Date, totalPaise = 10_00, festivalId: number | null = null) => ({ placedAt, totalPaise, festivalId });
const standing = (f: AchievementFacts, id: string, now = NOW) => evaluateAchievements(f, now).find((entry) => entry.achievement.id === id)!;

describe('the achievement catalogue', () => {
  it('defines every achievement of the list once, each with a known category and rarity', () => {
    expect(ACHIEVEMENTS).toHaveLength(20);
    expect(new Set(ACHIEVEMENTS.map((a) => a.id)).size).toBe(ACHIEVEMENTS.length);
    for (const category of ACHIEVEMENT_CATEGORIES) expect(ACHIEVEMENTS.some((a) => a.category === category)).toBe(true);
    const discounts = ACHIEVEMENTS.filter((a) => a.reward.type === 'discount').map((a) => [a.requirement.type, a.requirement.value, a.reward.value]);
    expect(discounts).toEqual([
      ['orders_placed', 1, 5],
      ['orders_placed', 25, 15],
      ['member_days', 30, 10],
      ['categories_purchased', 5, 8],
    ]);
  });
});

describe('orders placed', () => {
  it('unlocks at the order that reached the count, dated by that order', () => {
    const orders = [order(ist('2026-01-05T10:00:00')), order(ist('2026-02-05T10:00:00')), order(ist('2026-03-05T10:00:00')), order(ist('2026-04-05T10:00:00'))];
    expect(standing(facts({ orders }), 'first-potion')).toMatchObject({ unlocked: true, unlockedAt: orders[0]!.placedAt, progress: 100 });
    expect(standing(facts({ orders }), 'potion-collector')).toMatchObject({ unlocked: false, unlockedAt: null, current: 4, target: 5, progress: 80 });
    const five = [...orders, order(ist('2026-05-05T10:00:00'))];
    expect(standing(facts({ orders: five.reverse() }), 'potion-collector').unlockedAt).toEqual(ist('2026-05-05T10:00:00'));
  });
});

describe('total spent', () => {
  it('unlocks at the order whose total crossed the threshold, counting rupees', () => {
    const orders = [order(ist('2026-01-01T10:00:00'), 60_00), order(ist('2026-01-02T10:00:00'), 39_99), order(ist('2026-01-03T10:00:00'), 1)];
    expect(standing(facts({ orders: orders.slice(0, 2) }), 'first-offering')).toMatchObject({ unlocked: false, current: 99, progress: 99 });
    expect(standing(facts({ orders }), 'first-offering')).toMatchObject({ unlocked: true, unlockedAt: ist('2026-01-03T10:00:00') });
  });

  it('caps a locked achievement at 99 % however close it is', () => {
    expect(progressPercent(4999, 5000, false)).toBe(99);
    expect(progressPercent(5000, 5000, true)).toBe(100);
    fc.assert(
      fc.property(fc.nat(10_000), fc.integer({ min: 1, max: 10_000 }), (current, target) => {
        const locked = progressPercent(current, target, false);
        expect(locked).toBeGreaterThanOrEqual(0);
        expect(locked).toBeLessThanOrEqual(99);
      }),
    );
  });
});

describe('membership days', () => {
  it('unlocks N days after joining and dates the unlock then', () => {
    const joinedAt = new Date(NOW.getTime() - 30 * DAY - 1000);
    expect(standing(facts({ joinedAt }), 'moon-cycle')).toMatchObject({ unlocked: true, unlockedAt: new Date(joinedAt.getTime() + 30 * DAY) });
    expect(standing(facts({ joinedAt: new Date(NOW.getTime() - 29 * DAY) }), 'moon-cycle')).toMatchObject({ unlocked: false, current: 29, progress: 96 });
    expect(standing(facts({ joinedAt }), 'year-and-a-day')).toMatchObject({ unlocked: false, progress: 8 });
  });
});

describe('exploration and reviews', () => {
  it('counts distinct products viewed, categories bought and reviews written', () => {
    const views = Array.from({ length: 50 }, (_, i) => new Date(NOW.getTime() - (60 - i) * DAY));
    expect(standing(facts({ productFirstViews: views.slice(0, 49) }), 'curious-wanderer')).toMatchObject({ unlocked: false, progress: 98 });
    expect(standing(facts({ productFirstViews: views }), 'curious-wanderer')).toMatchObject({ unlocked: true, unlockedAt: views[49] });
    const categories = views.slice(0, 5);
    expect(standing(facts({ categoryFirstPurchases: categories }), 'realm-walker')).toMatchObject({ unlocked: true, unlockedAt: categories[4] });
    expect(standing(facts({ reviewDates: [views[3]!] }), 'first-whisper')).toMatchObject({ unlocked: true, unlockedAt: views[3] });
    expect(standing(facts({ reviewDates: views.slice(0, 9) }), 'voice-of-the-coven')).toMatchObject({ unlocked: false, progress: 90 });
  });
});

describe('seasons on the shop clock', () => {
  it.each([
    ['2026-02-28T23:59:00', 'winter'],
    ['2026-03-01T00:00:00', 'spring'],
    ['2026-05-31T23:59:00', 'spring'],
    ['2026-06-01T00:00:00', 'summer'],
    ['2026-08-31T23:59:59', 'summer'],
    ['2026-09-01T00:00:00', 'autumn'],
    ['2026-11-30T23:59:00', 'autumn'],
    ['2026-12-01T00:00:00', 'winter'],
  ])('%s in India is %s', (local, season) => {
    expect(seasonOf(ist(local))).toBe(season);
  });

  it('lists the seasons a customer bought in, in the calendar order of seasons whatever the order of purchases', () => {
    const orders = [order(ist('2026-10-10T12:00:00')), order(ist('2026-04-01T12:00:00')), order(ist('2026-10-11T12:00:00')), order(ist('2026-12-24T12:00:00'))];
    expect(achievementStats(facts({ orders }), NOW).seasonsPurchased).toEqual(['winter', 'spring', 'autumn']);
  });

  it('judges an order by its India date: late on 28 Feb UTC is already spring in India', () => {
    const placedAt = new Date('2026-02-28T19:00:00Z'); // 1 March 00:30 IST
    expect(standing(facts({ orders: [order(placedAt)] }), 'spring-enchanter').unlocked).toBe(true);
    expect(standing(facts({ orders: [order(placedAt)] }), 'winter-witch').unlocked).toBe(false);
    expect(standing(facts({ orders: [order(ist('2026-10-10T12:00:00'))] }), 'summer-sorcerer')).toMatchObject({ unlocked: false, progress: 0 });
  });
});

describe('the witching hour', () => {
  it.each([
    ['2026-04-10T00:00:00', true],
    ['2026-04-10T00:59:59', true],
    ['2026-04-10T01:00:00', false],
    ['2026-04-09T23:59:59', false],
  ])('an order at %s India time counts: %s', (local, unlocked) => {
    expect(standing(facts({ orders: [order(ist(local))] }), 'witching-hour').unlocked).toBe(unlocked);
  });

  it('uses India time, not the server clock: 18:45 UTC is 00:15 IST', () => {
    expect(standing(facts({ orders: [order(new Date('2026-04-09T18:45:00Z'))] }), 'witching-hour').unlocked).toBe(true);
  });
});

describe('festivals', () => {
  it('counts distinct festivals and unlocks at the first order of the third', () => {
    const orders = [order(ist('2026-01-01T10:00:00'), 100, 1), order(ist('2026-01-02T10:00:00'), 100, 1), order(ist('2026-01-03T10:00:00'), 100, 2), order(ist('2026-01-04T10:00:00'), 100, null), order(ist('2026-01-05T10:00:00'), 100, 3)];
    expect(standing(facts({ orders: orders.slice(0, 4) }), 'festival-spirit')).toMatchObject({ unlocked: false, current: 2, progress: 66 });
    expect(standing(facts({ orders }), 'festival-spirit')).toMatchObject({ unlocked: true, unlockedAt: ist('2026-01-05T10:00:00') });
    expect(achievementStats(facts({ orders }), NOW)).toMatchObject({ ordersPlaced: 5, festivalsParticipated: 3, totalSpentPaise: 500, seasonsPurchased: ['winter'] });
  });
});

describe('recorded unlocks', () => {
  it('stay unlocked with their first date after the count falls, and their points count', () => {
    const earned = ist('2026-01-01T10:00:00');
    const entry = evaluateAchievements(facts(), NOW, new Map([['potion-collector', earned]])).find((a) => a.achievement.id === 'potion-collector')!;
    expect(entry).toMatchObject({ unlocked: true, unlockedAt: earned, progress: 100 });
    expect(pointsEarned(evaluateAchievements(facts(), NOW, new Map([['potion-collector', earned], ['first-whisper', earned]])))).toBe(75);
  });
});

describe('the achievements filter', () => {
  const items = [
    { id: 'a', unlocked: true, category: 'SPENDING' as const },
    { id: 'b', unlocked: false, category: 'SPENDING' as const },
    { id: 'c', unlocked: false, category: 'SOCIAL' as const },
  ];
  it('shows all, unlocked, locked or one category', () => {
    expect(filterAchievements(items, 'all').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(filterAchievements(items, 'unlocked').map((i) => i.id)).toEqual(['a']);
    expect(filterAchievements(items, 'locked').map((i) => i.id)).toEqual(['b', 'c']);
    expect(filterAchievements(items, 'SOCIAL').map((i) => i.id)).toEqual(['c']);
    expect(filterAchievements(items, 'SEASONAL')).toEqual([]);
  });
});
