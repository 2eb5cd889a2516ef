/**
 * The fragrance finder: a shopper who cannot smell through a screen answers five questions (the notes they love,
 * how strong, for when, their budget, their birth sign) and is shown three potions and a set, each with why.
 * Everything is read from what the catalogue already knows of a potion (its notes, its category, its price): a
 * note belongs to a family by its name, a potion's strength comes from its notes, and a birth sign's element
 * leans towards two families. Pure: no answer is hard-coded to a product.
 */
import type { BirthSign } from './accounts.ts';

export const NOTE_FAMILIES = ['smoky', 'woody', 'floral', 'fresh', 'spicy', 'sweet'] as const;
export type NoteFamily = (typeof NOTE_FAMILIES)[number];

/** What the quiz shows for each family, and the words in a note's name that place it there (lower case). */
export const FAMILY_DETAILS: Record<NoteFamily, { label: string; hint: string; words: readonly string[] }> = {
  smoky: {
    label: 'Smoke & resin',
    hint: 'frankincense, myrrh, leather',
    words: ['frankincense', 'myrrh', 'labdanum', 'copal', 'elemi', 'benzoin', 'incense', 'smoke', 'leather', 'suede', 'birch', 'black tea'],
  },
  woody: {
    label: 'Woods & earth',
    hint: 'vetiver, sandalwood, oud',
    words: ['vetiver', 'khus', 'cedar', 'cedarwood', 'sandalwood', 'oud', 'patchouli', 'oakmoss', 'cypress', 'fir', 'papyrus', 'mitti'],
  },
  floral: {
    label: 'Flowers',
    hint: 'rose, jasmine, tuberose',
    words: ['rose', 'jasmine', 'tuberose', 'orris', 'iris', 'violet', 'lily', 'lotus', 'osmanthus', 'neroli', 'blossom', 'mimosa', 'poppy', 'chamomile'],
  },
  fresh: {
    label: 'Fresh & green',
    hint: 'bergamot, lime, mint',
    words: ['bergamot', 'lemon', 'lime', 'yuzu', 'grapefruit', 'mandarin', 'orange peel', 'mint', 'spearmint', 'sea salt', 'lemongrass', 'mango', 'fig', 'galbanum', 'juniper', 'bay leaf', 'rosemary', 'sage', 'basil', 'lavender'],
  },
  spicy: {
    label: 'Spice',
    hint: 'saffron, pepper, cardamom',
    words: ['pepper', 'cinnamon', 'clove', 'cardamom', 'saffron', 'chilli', 'ginger', 'nutmeg'],
  },
  sweet: {
    label: 'Sweet & warm',
    hint: 'vanilla, amber, tonka',
    words: ['vanilla', 'tonka', 'amber', 'honey', 'beeswax', 'raspberry', 'blackcurrant', 'pomegranate', 'pear', 'lychee', 'blood orange', 'musk'],
  },
};

export const INTENSITIES = ['soft', 'moderate', 'strong'] as const;
export type Intensity = (typeof INTENSITIES)[number];

/** Notes that carry a potion far (a heavy base, a loud flower) and notes that keep it close to the skin. */
const STRONG_WORDS = ['oud', 'leather', 'labdanum', 'patchouli', 'myrrh', 'frankincense', 'tuberose', 'saffron', 'amber', 'benzoin', 'clove', 'copal', 'incense'];
const LIGHT_WORDS = ['bergamot', 'lemon', 'lime', 'yuzu', 'grapefruit', 'mandarin', 'mint', 'spearmint', 'sea salt', 'water lily', 'black tea', 'chamomile', 'neroli', 'pear', 'fig'];

export const OCCASIONS = ['everyday', 'evening', 'ritual', 'courage'] as const;
export type Occasion = (typeof OCCASIONS)[number];

/** The categories and families each occasion leans to, and how the reason reads. */
export const OCCASION_DETAILS: Record<Occasion, { label: string; reason: string; categories: readonly string[]; families: readonly NoteFamily[] }> = {
  everyday: { label: 'Every day', reason: 'for every day', categories: ['healing', 'wisdom'], families: ['fresh', 'floral'] },
  evening: { label: 'An evening out', reason: 'for an evening out', categories: ['seduction'], families: ['sweet', 'spicy'] },
  ritual: { label: 'Ritual & quiet', reason: 'for ritual and quiet', categories: ['ritual'], families: ['smoky'] },
  courage: { label: 'A day that needs courage', reason: 'for a brave day', categories: ['protection', 'transformation', 'signature'], families: ['woody', 'spicy'] },
};

/** Upper limits of what one bottle may cost, in paise; null is no limit. */
export const BUDGETS = [
  { id: 'under-1500', label: 'Up to ₹1,500', maxPaise: 150_000 },
  { id: 'under-2500', label: 'Up to ₹2,500', maxPaise: 250_000 },
  { id: 'under-4000', label: 'Up to ₹4,000', maxPaise: 400_000 },
  { id: 'any', label: 'No limit', maxPaise: null },
] as const;
export type BudgetId = (typeof BUDGETS)[number]['id'];

type Element = 'fire' | 'earth' | 'air' | 'water';
const ELEMENT_OF: Record<BirthSign, Element> = {
  Aries: 'fire',
  Leo: 'fire',
  Sagittarius: 'fire',
  Taurus: 'earth',
  Virgo: 'earth',
  Capricorn: 'earth',
  Gemini: 'air',
  Libra: 'air',
  Aquarius: 'air',
  Cancer: 'water',
  Scorpio: 'water',
  Pisces: 'water',
};
/** The traditional elements of the signs, read as scent: fire burns (spice, smoke), earth grounds, air lifts, water blooms. */
const ELEMENT_FAMILIES: Record<Element, readonly NoteFamily[]> = {
  fire: ['spicy', 'smoky'],
  earth: ['woody', 'sweet'],
  air: ['fresh', 'floral'],
  water: ['floral', 'sweet'],
};

export interface FinderAnswers {
  families: readonly NoteFamily[];
  intensity: Intensity | null;
  occasion: Occasion | null;
  budget: BudgetId;
  birthSign: BirthSign | null;
}

/** A product as the finder reads it. For a set, `notes` are its contents' notes together. */
export interface FinderProduct {
  id: number;
  name: string;
  categoryId: string;
  isSet: boolean;
  inStock: boolean;
  /** What its smallest bottle (or the set) costs, in paise. */
  fromPaise: number;
  notes: { top: readonly string[]; heart: readonly string[]; base: readonly string[] };
  rating: number;
  sales: number;
}

export interface Recommendation<P extends FinderProduct = FinderProduct> {
  product: P;
  score: number;
  /** Why, in a few words each: 'smoky frankincense', 'strong', 'within your budget'. */
  reasons: string[];
}

const allNotes = (product: Pick<FinderProduct, 'notes'>) => [...product.notes.top, ...product.notes.heart, ...product.notes.base];
/** Whole words only: 'rose' is in 'Damask Rose', not in 'Rosemary'. The words are plain letters and spaces. */
const patternOf = (words: readonly string[]) => new RegExp(`(^|[^a-z])(${words.join('|')})([^a-z]|$)`);
const FAMILY_PATTERNS = Object.fromEntries(NOTE_FAMILIES.map((family) => [family, patternOf(FAMILY_DETAILS[family].words)])) as Record<NoteFamily, RegExp>;
const STRONG = patternOf(STRONG_WORDS);
const LIGHT = patternOf(LIGHT_WORDS);
const matches = (note: string, pattern: RegExp) => pattern.test(note.toLowerCase());

/** The notes of a potion that belong to a family, in the order the potion lists them. */
export function notesInFamily(product: Pick<FinderProduct, 'notes'>, family: NoteFamily): string[] {
  return allNotes(product).filter((note) => matches(note, FAMILY_PATTERNS[family]));
}

/** How far a potion carries, from its notes: two or more heavy notes beyond the light ones is strong. */
export function intensityOf(product: Pick<FinderProduct, 'notes'>): Intensity {
  const notes = allNotes(product);
  const weight = notes.filter((note) => matches(note, STRONG)).length - notes.filter((note) => matches(note, LIGHT)).length;
  if (weight >= 2) return 'strong';
  if (weight <= -1) return 'soft';
  return 'moderate';
}

export function budgetLimitPaise(budget: BudgetId): number | null {
  return BUDGETS.find((entry) => entry.id === budget)?.maxPaise ?? null;
}

/** Scores one product against the answers, with the reasons a shopper reads; higher is better. */
export function scoreProduct<P extends FinderProduct>(product: P, answers: FinderAnswers): Recommendation<P> {
  let score = 0;
  const reasons: string[] = [];
  for (const family of answers.families) {
    const notes = notesInFamily(product, family);
    if (notes.length === 0) continue;
    score += 3 + Math.min(notes.length - 1, 2);
    reasons.push(`${family} ${notes[0]!.toLowerCase()}`);
  }
  if (answers.intensity) {
    const own = intensityOf(product);
    const distance = Math.abs(INTENSITIES.indexOf(own) - INTENSITIES.indexOf(answers.intensity));
    if (distance === 0) {
      score += 2;
      reasons.push(own);
    } else if (distance === 2) score -= 2;
  }
  if (answers.occasion) {
    const occasion = OCCASION_DETAILS[answers.occasion];
    const fits = occasion.categories.includes(product.categoryId) || occasion.families.some((family) => notesInFamily(product, family).length > 0);
    if (fits) {
      score += 2;
      reasons.push(occasion.reason);
    }
  }
  if (answers.birthSign) {
    const element = ELEMENT_OF[answers.birthSign];
    if (ELEMENT_FAMILIES[element].some((family) => notesInFamily(product, family).length > 0)) {
      score += 1;
      reasons.push(`a ${answers.birthSign}'s ${element}`);
    }
  }
  const limit = budgetLimitPaise(answers.budget);
  if (limit !== null && product.fromPaise <= limit) reasons.push('within your budget');
  return { product, score, reasons };
}

/** Best first; among equals the better loved, then the better selling, then by name, so the answer is stable. */
function byScore<P extends FinderProduct>(a: Recommendation<P>, b: Recommendation<P>): number {
  return b.score - a.score || b.product.rating - a.product.rating || b.product.sales - a.product.sales || a.product.name.localeCompare(b.product.name);
}

/**
 * Three potions and one set for the answers. Only what is in stock is offered; what costs more than the budget
 * only when nothing within it is left to offer (then the reasons do not claim the budget).
 */
export function recommend<P extends FinderProduct>(products: readonly P[], answers: FinderAnswers, count = 3): { potions: Recommendation<P>[]; set: Recommendation<P> | null } {
  const limit = budgetLimitPaise(answers.budget);
  const pick = (candidates: P[], wanted: number) => {
    const within = limit === null ? candidates : candidates.filter((product) => product.fromPaise <= limit);
    const ranked = within.map((product) => scoreProduct(product, answers)).sort(byScore);
    if (ranked.length >= wanted) return ranked.slice(0, wanted);
    const beyond = candidates.filter((product) => !within.includes(product)).map((product) => scoreProduct(product, answers)).sort(byScore);
    return [...ranked, ...beyond].slice(0, wanted);
  };
  const available = products.filter((product) => product.inStock);
  return {
    potions: pick(available.filter((product) => !product.isSet), count),
    set: pick(available.filter((product) => product.isSet), 1)[0] ?? null,
  };
}

/** The reasons as one line: 'smoky frankincense, strong, within your budget'. */
export function reasonLine(reasons: readonly string[]): string {
  return reasons.slice(0, 4).join(', ');
}
