import type { CategoryId } from '../../../domain/catalogue.ts';
import { setSaving } from '../../../domain/sets.ts';
import type { SeedPotion } from './potions.ts';

/**
 * The demo catalogue's sets (domain/sets.ts): a discovery set of small bottles for a shopper who cannot smell
 * through a screen, and a festive gift box of full bottles. Their prices are worked out from their contents'
 * prices, so they stay a saving when the demo potions' prices change.
 */
export interface SeedSet {
  slug: string;
  name: string;
  category: CategoryId;
  description: string;
  longDescription: string;
  /** The potions by slug, in the size and number each set holds. */
  components: { slug: string; size: '15ml' | '30ml' | '50ml'; quantity: number }[];
  /** The share of the contents' separate prices the set sells at. */
  priceShare: number;
  image: string;
}

export const seedSets: SeedSet[] = [
  {
    slug: 'discovery-set',
    name: 'Discovery Set — 6 × 15 ml',
    category: 'ritual',
    description: 'Six of our potions in 15 ml bottles: wear each for a day and a night before you choose your full bottle.',
    longDescription:
      'Perfume has to be worn to be known. This set gathers six potions from across the house, from smoky and resinous to bright and green, in 15 ml bottles: enough for a week of each. Wear one a day, let it settle on your skin through the evening, and you will know which one is yours.',
    components: [
      { slug: 'raat-rani', size: '15ml', quantity: 1 },
      { slug: 'scarlet-thread', size: '15ml', quantity: 1 },
      { slug: 'owl-hour', size: '15ml', quantity: 1 },
      { slug: 'nazar', size: '15ml', quantity: 1 },
      { slug: 'first-rain', size: '15ml', quantity: 1 },
      { slug: 'velvet-hex', size: '15ml', quantity: 1 },
    ],
    priceShare: 0.8,
    image: '/images/potions/owl-hour.webp',
  },
  {
    slug: 'samhain-gift-box',
    name: 'Samhain Gift Box — 2 × 50 ml',
    category: 'signature',
    description: 'Dark Poppy and Midnight Vesper in full 50 ml bottles, boxed together for the season of the thinning veil.',
    longDescription:
      'Two of our signature potions for the darkest turn of the year: Dark Poppy, velvety and bittersweet, and Midnight Vesper for the hour after the candles are lit. Boxed together in black and gold, ready to give.',
    components: [
      { slug: 'dark-poppy', size: '50ml', quantity: 1 },
      { slug: 'midnight-vesper', size: '50ml', quantity: 1 },
    ],
    priceShare: 0.9,
    image: '/images/potions/midnight-vesper.webp',
  },
];

/** The set's price: its share of what the contents cost one by one, written as a shelf price (₹2,999). */
export function seedSetPriceRupees(set: SeedSet, potions: readonly SeedPotion[]): number {
  const contents = set.components.map((component) => {
    const potion = potions.find((candidate) => candidate.slug === component.slug);
    const size = potion?.sizes.find((candidate) => candidate.size === component.size);
    if (!size) throw new Error(`The demo set ${set.slug} names ${component.slug} ${component.size}, which the demo catalogue lacks`);
    return { quantity: component.quantity, unitPricePaise: size.priceRupees * 100 };
  });
  const { separatePaise } = setSaving(0, contents);
  return Math.round((separatePaise / 100) * set.priceShare / 100) * 100 - 1;
}
