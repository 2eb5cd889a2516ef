import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BIRTH_SIGNS } from './accounts.ts';
import { BUDGETS, INTENSITIES, intensityOf, NOTE_FAMILIES, notesInFamily, OCCASIONS, reasonLine, recommend, type FinderAnswers, type FinderProduct } from './finder.ts';

let nextId = 1;
function product(name: string, notes: FinderProduct['notes'], extra: Partial<FinderProduct> = {}): FinderProduct {
  return { id: nextId++, name, categoryId: 'signature', isSet: false, inStock: true, fromPaise: 199_900, notes, rating: 4, sales: 10, ...extra };
}

const censer = product('Censer', { top: ['Elemi'], heart: ['Frankincense', 'Labdanum'], base: ['Myrrh', 'Oud'] }, { categoryId: 'ritual' });
const tide = product('Tide', { top: ['Yuzu', 'Spearmint'], heart: ['Water Lily', 'Sea Salt'], base: ['Cedarwood'] }, { categoryId: 'healing', fromPaise: 129_900 });
const garden = product('Garden', { top: ['Bay Leaf', 'Clove'], heart: ['Rosemary'], base: ['Cedarwood', 'Benzoin'] }, { categoryId: 'protection' });
const bloom = product('Bloom', { top: ['Raspberry'], heart: ['Tuberose', 'Jasmine Sambac'], base: ['Vanilla', 'Musk'] }, { categoryId: 'seduction', fromPaise: 349_900 });
const khus = product('Khus', { top: ['Lime', 'Chilli Pepper'], heart: ['Holy Basil'], base: ['Khus (Vetiver)', 'Cedarwood'] });
const gone = product('Gone', { top: ['Elemi'], heart: ['Frankincense'], base: ['Myrrh', 'Labdanum'] }, { categoryId: 'ritual', inStock: false, rating: 5 });
const smokeSet = product('Smoke Set', { top: ['Elemi'], heart: ['Frankincense'], base: ['Myrrh'] }, { isSet: true, fromPaise: 99_900 });
const flowerSet = product('Flower Set', { top: ['Pear'], heart: ['Damask Rose'], base: ['White Musk'] }, { isSet: true, fromPaise: 99_900 });
const shelf = [censer, tide, garden, bloom, khus, gone, smokeSet, flowerSet];

const answers = (extra: Partial<FinderAnswers> = {}): FinderAnswers => ({ families: [], intensity: null, occasion: null, budget: 'any', birthSign: null, ...extra });

describe('reading a potion', () => {
  it('places notes in families by whole words', () => {
    expect(notesInFamily(garden, 'floral')).toEqual([]); // Rosemary is a herb, not a rose
    expect(notesInFamily(garden, 'fresh')).toEqual(['Bay Leaf', 'Rosemary']);
    expect(notesInFamily(khus, 'woody')).toEqual(['Khus (Vetiver)', 'Cedarwood']);
    expect(notesInFamily(bloom, 'floral')).toEqual(['Tuberose', 'Jasmine Sambac']);
  });

  it('reads strength from heavy and light notes', () => {
    expect(intensityOf(censer)).toBe('strong');
    expect(intensityOf(tide)).toBe('soft');
    expect(intensityOf(garden)).toBe('strong'); // clove and benzoin
    expect(intensityOf(bloom)).toBe('moderate'); // one tuberose
    expect(intensityOf(khus)).toBe('soft'); // lime
  });
});

describe('recommending', () => {
  it('puts the smoky, strong ritual potion first for a shopper who asks for just that, and says why', () => {
    const { potions } = recommend(shelf, answers({ families: ['smoky'], intensity: 'strong', occasion: 'ritual' }));
    expect(potions[0]!.product.name).toBe('Censer');
    expect(reasonLine(potions[0]!.reasons)).toBe('smoky elemi, strong, for ritual and quiet');
    expect(potions).toHaveLength(3);
  });

  it('never offers what is out of stock, however well it fits', () => {
    const { potions } = recommend(shelf, answers({ families: ['smoky'], intensity: 'strong' }));
    expect(potions.map((entry) => entry.product.name)).not.toContain('Gone');
  });

  it('keeps within the budget while enough fits it, and says so', () => {
    const { potions } = recommend(shelf, answers({ families: ['floral'], budget: 'under-2500' }));
    expect(potions.map((entry) => entry.product.name)).not.toContain('Bloom');
    expect(potions.every((entry) => entry.reasons.includes('within your budget'))).toBe(true);
  });

  it('goes beyond a budget only when too little fits it, without claiming the budget', () => {
    const { potions } = recommend(shelf, answers({ budget: 'under-1500' }));
    expect(potions[0]!.product.name).toBe('Tide');
    expect(potions[0]!.reasons).toContain('within your budget');
    expect(potions.slice(1).some((entry) => entry.reasons.includes('within your budget'))).toBe(false);
  });

  it("leans to a birth sign's element", () => {
    const { potions } = recommend(shelf, answers({ birthSign: 'Pisces' }));
    expect(potions[0]!.reasons).toContain("a Pisces's water");
  });

  it('offers the set whose contents fit best', () => {
    expect(recommend(shelf, answers({ families: ['smoky'] })).set?.product.name).toBe('Smoke Set');
    expect(recommend(shelf, answers({ families: ['floral'] })).set?.product.name).toBe('Flower Set');
    expect(recommend(shelf.filter((entry) => !entry.isSet), answers()).set).toBeNull();
  });

  it('for any answers: distinct potions in stock, best first, within the budget while three fit it', () => {
    const arbitraryAnswers = fc.record({
      families: fc.subarray([...NOTE_FAMILIES]),
      intensity: fc.constantFrom(null, ...INTENSITIES),
      occasion: fc.constantFrom(null, ...OCCASIONS),
      budget: fc.constantFrom(...BUDGETS.map((budget) => budget.id)),
      birthSign: fc.constantFrom(null, ...BIRTH_SIGNS),
    });
    fc.assert(
      fc.property(arbitraryAnswers, (given) => {
        const { potions, set } = recommend(shelf, given);
        const ids = potions.map((entry) => entry.product.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(potions.every((entry) => entry.product.inStock && !entry.product.isSet)).toBe(true);
        expect(set === null || set.product.isSet).toBe(true);
        const limit = BUDGETS.find((budget) => budget.id === given.budget)!.maxPaise;
        const within = shelf.filter((entry) => entry.inStock && !entry.isSet && (limit === null || entry.fromPaise <= limit));
        if (within.length >= 3) expect(potions.every((entry) => limit === null || entry.product.fromPaise <= limit)).toBe(true);
        for (let index = 1; index < potions.length; index += 1) {
          const inBudget = (entry: (typeof potions)[number]) => limit === null || entry.product.fromPaise <= limit;
          if (inBudget(potions[index]!) === inBudget(potions[index - 1]!)) expect(potions[index - 1]!.score).toBeGreaterThanOrEqual(potions[index]!.score);
        }
      }),
    );
  });
});
