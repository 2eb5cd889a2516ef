import { count } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { festivals } from '../schema/index.ts';
import { insertFestivalWithCoupon, type FestivalWithCoupon } from '../../modules/promotions/festival-inserts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Demo festivals, dated around the day the shop first starts so the banner and coupons work on any date: one
 * live with a percentage coupon, one live with a fixed coupon, one banner-only, and one that has ended.
 */
export function demoFestivals(now: Date): FestivalWithCoupon[] {
  const at = (days: number) => new Date(now.getTime() + days * DAY_MS);
  return [
    {
      name: 'Festival of Lights',
      description: 'Lamps on every sill and potions for every wish: 15% off orders of ₹1,999 or more.',
      festivalCode: 'DEEPAM15',
      couponType: 'percentage',
      discountValue: 1500,
      maxDiscountPaise: 75_000,
      minimumOrderPaise: 199_900,
      usageLimit: 500,
      startDate: at(-5),
      endDate: at(25),
      priority: 9,
      bannerImage: '/images/potions/oriental-forent.webp',
      backgroundColor: '#3b1d0f',
      textColor: '#f3d88a',
      ctaText: 'Light a Potion',
      ctaLink: '/products',
    },
    {
      name: 'Winter Solstice',
      description: 'The longest night deserves the deepest scents: ₹300 off orders of ₹2,499 or more.',
      festivalCode: 'SOLSTICE300',
      couponType: 'fixed',
      discountValue: 30_000,
      minimumOrderPaise: 249_900,
      usageLimit: null,
      startDate: at(-2),
      endDate: at(40),
      priority: 6,
      bannerImage: '/images/potions/umbra.webp',
      backgroundColor: '#0f1a3b',
      textColor: '#e9e1f5',
      ctaText: 'Embrace the Dark',
      ctaLink: '/products?category=transformation',
    },
    {
      name: 'Full Moon Ritual Night',
      description: 'Our ritual blends are poured only under the full moon. The new batch is out now.',
      festivalCode: null,
      startDate: at(-1),
      endDate: at(14),
      priority: 4,
      bannerImage: '/images/potions/midnight-vesper.webp',
      backgroundColor: '#1a1026',
      textColor: '#c4a5f5',
      ctaText: 'See the Ritual Potions',
      ctaLink: '/products?category=ritual',
    },
    {
      name: 'Holi Colours',
      description: 'Bright, playful potions for the festival of colours.',
      festivalCode: 'HOLI20',
      couponType: 'percentage',
      discountValue: 2000,
      minimumOrderPaise: 99_900,
      usageLimit: 200,
      startDate: at(-260),
      endDate: at(-250),
      priority: 7,
      bannerImage: '/images/potions/dazzling-dream.webp',
    },
  ];
}

export async function seedFestivalsIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(festivals);
  if ((existing?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    for (const festival of demoFestivals(now)) await insertFestivalWithCoupon(tx, festival);
  });
  return true;
}
