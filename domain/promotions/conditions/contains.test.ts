import { describe, expect, it } from 'vitest';
import { basketOf, contextOf, line } from '../test-support.ts';
import { contains } from './contains.ts';

describe('contains', () => {
  const basket = basketOf(line(1, 500_00, 2), line(2, 800_00, 1, { categoryId: 'oils', size: '10ml' })).basket;
  it('counts the units of the potions, categories or sizes named', () => {
    expect(contains.holds({ type: 'contains', filter: { productIds: [1] }, minimumQuantity: 2 }, basket, contextOf())).toBe(true);
    expect(contains.holds({ type: 'contains', filter: { productIds: [1] }, minimumQuantity: 3 }, basket, contextOf())).toBe(false);
    expect(contains.holds({ type: 'contains', filter: { categoryIds: ['oils'] }, minimumQuantity: 1 }, basket, contextOf())).toBe(true);
    expect(contains.holds({ type: 'contains', filter: { sizes: ['10ml'], categoryIds: ['attars'] }, minimumQuantity: 1 }, basket, contextOf())).toBe(false);
  });
  it('with no filter counts every unit', () => {
    expect(contains.holds({ type: 'contains', filter: {}, minimumQuantity: 3 }, basket, contextOf())).toBe(true);
  });
});
