import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEVELS, levelFor, levelsReached } from './levels.ts';

describe('loyalty levels', () => {
  it.each([
    [0, 'Mystical Novice', 'Fragrance Explorer', 100_00],
    [99_99, 'Mystical Novice', 'Fragrance Explorer', 1],
    [100_00, 'Fragrance Explorer', 'Scent Seeker', 150_00],
    [249_99, 'Fragrance Explorer', 'Scent Seeker', 1],
    [250_00, 'Scent Seeker', 'Potion Adept', 250_00],
    [500_00, 'Potion Adept', 'Mystic Master', 500_00],
    [999_99, 'Potion Adept', 'Mystic Master', 1],
  ])('%i paise is %s, %s next after %i more paise', (spent, name, next, remaining) => {
    expect(levelFor(spent)).toMatchObject({ name, next, remainingPaise: remaining, totalSpentPaise: spent });
  });

  it('tops out at Mystic Master from ₹1,000 with nothing further to reach', () => {
    expect(levelFor(1000_00)).toMatchObject({ name: 'Mystic Master', next: null, remainingPaise: null });
    expect(levelFor(12_345_678_00).name).toBe('Mystic Master');
  });

  it('never ranks lower for more money, and the remaining amount lands exactly on the next level', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_00 }), fc.integer({ min: 0, max: 5_000_00 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(levelFor(low).rank).toBeLessThanOrEqual(levelFor(high).rank);
        const standing = levelFor(low);
        if (standing.remainingPaise !== null) {
          expect(levelFor(low + standing.remainingPaise).rank).toBe(standing.rank + 1);
          expect(levelFor(low + standing.remainingPaise - 1).rank).toBe(standing.rank);
        }
      }),
    );
  });

  it('lists every level an order jumped over, and none when the total fell or stayed', () => {
    expect(levelsReached(50_00, 600_00)).toEqual(['Fragrance Explorer', 'Scent Seeker', 'Potion Adept']);
    expect(levelsReached(600_00, 50_00)).toEqual([]);
    expect(levelsReached(100_00, 120_00)).toEqual([]);
    expect(LEVELS.map((level) => level.name)).toHaveLength(5);
  });
});
