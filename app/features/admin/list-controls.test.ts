import { describe, expect, it, vi } from 'vitest';
import { statFilters, statusFigures, statusOptions } from './list-controls.tsx';

const STATUSES = ['active', 'banned'] as const;
const LABELS = { active: 'Active', banned: 'Banned' };

describe('a list filtered by status', () => {
  it('offers every status after "All statuses", in the given order and by the same names as its figures', () => {
    expect(statusOptions(STATUSES, LABELS)).toEqual([
      ['all', 'All statuses'],
      ['active', 'Active'],
      ['banned', 'Banned'],
    ]);
    const figures = statusFigures(STATUSES, LABELS, { active: 4, banned: 1 }, statFilters<'active' | 'banned'>('all', vi.fn()));
    expect(figures.map(([label, count]) => [label, count])).toEqual([
      ['Active', 4],
      ['Banned', 1],
    ]);
  });

  it("leaves a figure's count unset until the counts arrive (its card shows a dash); a figure pressed narrows the list to its status, pressed again shows all", () => {
    const select = vi.fn();
    const figures = statusFigures(STATUSES, LABELS, undefined, statFilters<'active' | 'banned'>('active', select));
    const [, count, filter] = figures[0]!;
    expect(count).toBeUndefined();
    expect(filter.active).toBe(true);
    filter.onSelect();
    expect(select).toHaveBeenCalledWith('all');
    figures[1]![2].onSelect();
    expect(select).toHaveBeenLastCalledWith('banned');
  });
});
