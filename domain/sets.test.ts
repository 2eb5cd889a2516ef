import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linesThatFit, setComponentsProblem, setContents, setSaving, setsAvailable, shelfUnits, soldLineDescription, type ComponentCandidate } from './sets.ts';

const shelves = (left: Record<number, number | null>) => (productId: number) => (productId in left ? left[productId]! : null);

describe('a set’s stock', () => {
  it('is the least of its components’ units divided by what one set takes', () => {
    const components = [
      { productId: 1, quantity: 1 },
      { productId: 2, quantity: 2 },
    ];
    expect(setsAvailable(components, shelves({ 1: 10, 2: 7 }))).toBe(3);
    expect(setsAvailable(components, shelves({ 1: 2, 2: 7 }))).toBe(2);
    expect(setsAvailable(components, shelves({ 1: 10, 2: 1 }))).toBe(0);
  });

  it('adds two sizes of one potion together, as they share its shelf', () => {
    const components = [
      { productId: 1, quantity: 1 },
      { productId: 1, quantity: 1 },
    ];
    expect(setsAvailable(components, shelves({ 1: 5 }))).toBe(2);
  });

  it('makes none when a component is archived or gone, or the set is empty', () => {
    expect(setsAvailable([{ productId: 1, quantity: 1 }], shelves({ 1: null }))).toBe(0);
    expect(setsAvailable([{ productId: 1, quantity: 1 }], shelves({}))).toBe(0);
    expect(setsAvailable([], shelves({ 1: 5 }))).toBe(0);
  });

  it('never promises more sets than the shelves can fill (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ productId: fc.integer({ min: 1, max: 5 }), quantity: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 5, maxLength: 5 }),
        (components, stock) => {
          const left = (productId: number) => stock[productId - 1]!;
          const sets = setsAvailable(components, left);
          const taken = shelfUnits([{ productId: 99, quantity: sets, name: 'Set', components: components.map((part) => ({ ...part, name: 'x' })) }]);
          const perProduct = new Map<number, number>();
          for (const unit of taken) perProduct.set(unit.productId, (perProduct.get(unit.productId) ?? 0) + unit.quantity);
          for (const [productId, units] of perProduct) expect(units).toBeLessThanOrEqual(left(productId));
          // One more set would not fit.
          const more = shelfUnits([{ productId: 99, quantity: sets + 1, name: 'Set', components: components.map((part) => ({ ...part, name: 'x' })) }]);
          expect(more.some((unit) => more.filter((other) => other.productId === unit.productId).reduce((sum, other) => sum + other.quantity, 0) > left(unit.productId))).toBe(true);
        },
      ),
    );
  });
});

describe('the shelves a basket takes from', () => {
  it('turns a set’s line into its components’ units, and leaves a potion’s line as it is', () => {
    const lines = [
      { productId: 7, quantity: 2, name: 'Discovery Set', components: [{ productId: 1, quantity: 1, name: 'A' }, { productId: 2, quantity: 3, name: 'B' }] },
      { productId: 1, quantity: 1, name: 'A' },
    ];
    expect(shelfUnits(lines)).toEqual([
      { productId: 1, quantity: 2, name: 'Discovery Set' },
      { productId: 2, quantity: 6, name: 'Discovery Set' },
      { productId: 1, quantity: 1, name: 'A' },
    ]);
  });

  it('gives the units to the earlier line when a set and its own component compete for the last ones', () => {
    const lines = [
      { productId: 7, quantity: 1, components: [{ productId: 1, quantity: 1, name: 'A' }, { productId: 2, quantity: 1, name: 'B' }] },
      { productId: 1, quantity: 1 },
    ];
    expect(linesThatFit(lines, shelves({ 1: 1, 2: 5 }))).toEqual([true, false]);
    expect(linesThatFit([...lines].reverse(), shelves({ 1: 1, 2: 5 }))).toEqual([true, false]);
    expect(linesThatFit(lines, shelves({ 1: 2, 2: 5 }))).toEqual([true, true]);
    expect(linesThatFit(lines, shelves({ 1: 5, 2: null }))).toEqual([false, true]);
  });
});

describe('what a set saves and says', () => {
  it('saves the difference against buying its contents one by one, never less than nothing', () => {
    expect(setSaving(2999_00, [{ quantity: 6, unitPricePaise: 649_00 }])).toEqual({ separatePaise: 3894_00, savingPaise: 895_00 });
    expect(setSaving(5000_00, [{ quantity: 1, unitPricePaise: 1000_00 }])).toEqual({ separatePaise: 1000_00, savingPaise: 0 });
  });

  it('names its contents on the invoice line', () => {
    const components = [
      { name: 'Dark Poppy', size: '15ml', quantity: 1 },
      { name: 'Nine Wicks', size: '15ml', quantity: 2 },
    ];
    expect(setContents(components)).toBe('Dark Poppy 15ml, 2 × Nine Wicks 15ml');
    expect(soldLineDescription({ name: 'Discovery Set', size: 'Set', components })).toBe('Discovery Set (Set): Dark Poppy 15ml, 2 × Nine Wicks 15ml');
    expect(soldLineDescription({ name: 'Valor', size: '50ml', components: null })).toBe('Valor (50ml)');
  });
});

describe('what a set may hold', () => {
  const catalogue: Record<number, ComponentCandidate> = {
    1: { productId: 1, archived: false, isSet: false, sizes: ['15ml', '50ml'] },
    2: { productId: 2, archived: true, isSet: false, sizes: ['15ml'] },
    3: { productId: 3, archived: false, isSet: true, sizes: ['Set'] },
  };
  const problem = (setId: number | null, components: { productId: number; size: string; quantity: number }[]) => setComponentsProblem(setId, components, (id) => catalogue[id]);

  it('takes live potions in sizes they come in', () => {
    expect(problem(9, [{ productId: 1, size: '15ml', quantity: 6 }, { productId: 1, size: '50ml', quantity: 1 }])).toBeNull();
  });

  it('refuses itself, an archived potion, another set, an unknown potion or size, a repeat and an empty set, naming the field', () => {
    expect(problem(1, [{ productId: 1, size: '15ml', quantity: 1 }])).toEqual({ field: 'components.0.productId', message: 'A set cannot contain itself' });
    expect(problem(9, [{ productId: 1, size: '15ml', quantity: 1 }, { productId: 2, size: '15ml', quantity: 1 }])?.field).toBe('components.1.productId');
    expect(problem(9, [{ productId: 2, size: '15ml', quantity: 1 }])?.message).toMatch(/archived/);
    expect(problem(9, [{ productId: 3, size: 'Set', quantity: 1 }])?.message).toMatch(/another set/);
    expect(problem(9, [{ productId: 4, size: '15ml', quantity: 1 }])?.message).toMatch(/does not exist/);
    expect(problem(9, [{ productId: 1, size: '30ml', quantity: 1 }])?.field).toBe('components.0.size');
    expect(problem(9, [{ productId: 1, size: '15ml', quantity: 1 }, { productId: 1, size: '15ml', quantity: 2 }])?.field).toBe('components.1.size');
    expect(problem(9, [])?.field).toBe('components');
  });
});
