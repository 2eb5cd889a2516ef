/**
 * Testimonials that come with the demo catalogue, so a fresh shop's product pages are not empty. They carry an
 * author name instead of an account (nobody can sign in as them), are marked as demo in that name, and are never
 * Verified Purchase: no order stands behind them.
 */
export interface DemoReview {
  author: string;
  title: string;
  comment: (potion: string) => string;
  rating: number;
  potency: number;
  longevity: number;
  aura: number;
  effectiveness: number | null;
  daysAgo: number;
}

const pool: DemoReview[] = [
  {
    author: 'Ananya R. (demo)',
    title: 'Worn to every important meeting',
    comment: (potion) => `${potion} settles close to the skin after an hour and stays until evening. Colleagues keep asking what I am wearing.`,
    rating: 5,
    potency: 5,
    longevity: 4,
    aura: 5,
    effectiveness: 5,
    daysAgo: 12,
  },
  {
    author: 'Kabir S. (demo)',
    title: 'Beautiful, a little quiet',
    comment: (potion) => `Lovely opening and a dry-down I keep sniffing on my wrist, but ${potion} sits very close after the first hour. I reapply at lunch.`,
    rating: 4,
    potency: 3,
    longevity: 3,
    aura: 4,
    effectiveness: null,
    daysAgo: 27,
  },
  {
    author: 'Meera J. (demo)',
    title: 'A gift that became a ritual',
    comment: (potion) => `Bought ${potion} for my sister and ended up ordering a bottle for myself. The packaging felt like opening an old spell book.`,
    rating: 5,
    potency: 4,
    longevity: 5,
    aura: 5,
    effectiveness: 4,
    daysAgo: 41,
  },
  {
    author: 'Rohan D. (demo)',
    title: 'Not for humid days',
    comment: (potion) => `In Chennai heat ${potion} turned sharp on me by afternoon. In the cooler evenings it is gorgeous, so it lives in my night-time drawer now.`,
    rating: 3,
    potency: 4,
    longevity: 3,
    aura: 3,
    effectiveness: 3,
    daysAgo: 58,
  },
  {
    author: 'Ishita P. (demo)',
    title: 'Exactly as described',
    comment: (potion) => `The notes listed on the page are exactly what I smell, in that order. ${potion} is my new signature.`,
    rating: 5,
    potency: 5,
    longevity: 5,
    aura: 4,
    effectiveness: null,
    daysAgo: 6,
  },
  {
    author: 'Vikram N. (demo)',
    title: 'Strong start, soft finish',
    comment: (potion) => `Two sprays are plenty: ${potion} is loud for the first twenty minutes, then turns into a soft glow that lasted through a long train ride.`,
    rating: 4,
    potency: 5,
    longevity: 4,
    aura: 4,
    effectiveness: 4,
    daysAgo: 19,
  },
  {
    author: 'Farah K. (demo)',
    title: 'Calming before sleep',
    comment: (potion) => `I wear ${potion} on my pulse points before bed and it has become part of how I wind down. The 15ml is perfect for trying.`,
    rating: 5,
    potency: 4,
    longevity: 4,
    aura: 5,
    effectiveness: 5,
    daysAgo: 33,
  },
];

/** Three or four of the pool for the potion at this position, different for neighbouring potions. */
export function demoReviewsFor(position: number): DemoReview[] {
  const size = 3 + (position % 2);
  return Array.from({ length: size }, (_, offset) => pool[(position * 2 + offset) % pool.length]!);
}
