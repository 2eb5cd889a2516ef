/**
 * The achievements a customer can earn, defined once, and the pure rules that decide which are unlocked, since
 * when, and how far along the rest are. The server feeds the facts (from its tables) and stores what unlocked;
 * screens only show what the server computed.
 */
import { shopHour, shopMonth } from './orders.ts';

export const ACHIEVEMENT_CATEGORIES = ['PURCHASING', 'SPENDING', 'LOYALTY', 'EXPLORATION', 'SOCIAL', 'SEASONAL', 'SPECIAL'] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
export type Season = (typeof SEASONS)[number];

export type Requirement =
  | { type: 'orders_placed'; value: number }
  /** Whole rupees. */
  | { type: 'total_spent'; value: number }
  | { type: 'member_days'; value: number }
  | { type: 'products_viewed'; value: number }
  | { type: 'categories_purchased'; value: number }
  | { type: 'reviews_written'; value: number }
  | { type: 'seasonal_purchase'; value: Season }
  /** An order placed in this hour of the day, shop time (0 = from midnight to 00:59). */
  | { type: 'order_in_hour'; value: number }
  | { type: 'festivals_participated'; value: number };

/**
 * discount: a personal single-use coupon of `value` percent; points: loyalty points; badge, avatar_frame and perk
 * are recorded and shown.
 */
export type Reward =
  | { type: 'discount'; value: number; description: string }
  | { type: 'points'; value: number; description: string }
  | { type: 'badge' | 'avatar_frame' | 'perk'; value: string; description: string };

export interface AchievementDefinition {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  rarity: Rarity;
  icon: string;
  requirement: Requirement;
  reward: Reward;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: 'first-potion',
    title: 'First Potion',
    description: 'Place your first order',
    category: 'PURCHASING',
    rarity: 'common',
    icon: '⚗',
    requirement: { type: 'orders_placed', value: 1 },
    reward: { type: 'discount', value: 5, description: '5% off next order' },
  },
  {
    id: 'potion-collector',
    title: 'Potion Collector',
    description: 'Place 5 orders',
    category: 'PURCHASING',
    rarity: 'uncommon',
    icon: '✦',
    requirement: { type: 'orders_placed', value: 5 },
    reward: { type: 'points', value: 50, description: '50 loyalty points' },
  },
  {
    id: 'devoted-alchemist',
    title: 'Devoted Alchemist',
    description: 'Place 25 orders',
    category: 'PURCHASING',
    rarity: 'rare',
    icon: '☿',
    requirement: { type: 'orders_placed', value: 25 },
    reward: { type: 'discount', value: 15, description: '15% off your next order' },
  },
  {
    id: 'grand-sorcerer',
    title: 'Grand Sorcerer',
    description: 'Place 100 orders',
    category: 'PURCHASING',
    rarity: 'legendary',
    icon: '♛',
    requirement: { type: 'orders_placed', value: 100 },
    reward: { type: 'perk', value: 'exclusive-access', description: 'Exclusive access to limited potions' },
  },
  {
    id: 'first-offering',
    title: 'First Offering',
    description: 'Spend ₹100 in total',
    category: 'SPENDING',
    rarity: 'common',
    icon: '◈',
    requirement: { type: 'total_spent', value: 100 },
    reward: { type: 'points', value: 25, description: '25 loyalty points' },
  },
  {
    id: 'generous-patron',
    title: 'Generous Patron',
    description: 'Spend ₹500 in total',
    category: 'SPENDING',
    rarity: 'uncommon',
    icon: '❖',
    requirement: { type: 'total_spent', value: 500 },
    reward: { type: 'perk', value: 'account-upgrade', description: 'Account upgrade' },
  },
  {
    id: 'inner-circle',
    title: 'Inner Circle',
    description: 'Spend ₹1,000 in total',
    category: 'SPENDING',
    rarity: 'rare',
    icon: '✵',
    requirement: { type: 'total_spent', value: 1000 },
    reward: { type: 'perk', value: 'vip-status', description: 'VIP status' },
  },
  {
    id: 'coven-benefactor',
    title: 'Coven Benefactor',
    description: 'Spend ₹5,000 in total',
    category: 'SPENDING',
    rarity: 'legendary',
    icon: '♔',
    requirement: { type: 'total_spent', value: 5000 },
    reward: { type: 'perk', value: 'personal-consultant', description: 'A personal fragrance consultant' },
  },
  {
    id: 'first-week',
    title: 'Initiate of the Coven',
    description: 'Be a member for 7 days',
    category: 'LOYALTY',
    rarity: 'common',
    icon: '☽',
    requirement: { type: 'member_days', value: 7 },
    reward: { type: 'points', value: 20, description: '20 loyalty points' },
  },
  {
    id: 'moon-cycle',
    title: 'Full Moon Cycle',
    description: 'Be a member for 30 days',
    category: 'LOYALTY',
    rarity: 'uncommon',
    icon: '◐',
    requirement: { type: 'member_days', value: 30 },
    reward: { type: 'discount', value: 10, description: '10% discount' },
  },
  {
    id: 'year-and-a-day',
    title: 'A Year and a Day',
    description: 'Be a member for 365 days',
    category: 'LOYALTY',
    rarity: 'epic',
    icon: '✺',
    requirement: { type: 'member_days', value: 365 },
    reward: { type: 'perk', value: 'anniversary-gift', description: 'An anniversary gift' },
  },
  {
    id: 'curious-wanderer',
    title: 'Curious Wanderer',
    description: 'Explore 50 different potions',
    category: 'EXPLORATION',
    rarity: 'uncommon',
    icon: '◎',
    requirement: { type: 'products_viewed', value: 50 },
    reward: { type: 'points', value: 30, description: '30 loyalty points' },
  },
  {
    id: 'realm-walker',
    title: 'Realm Walker',
    description: 'Buy potions from 5 different categories',
    category: 'EXPLORATION',
    rarity: 'rare',
    icon: '✧',
    requirement: { type: 'categories_purchased', value: 5 },
    reward: { type: 'discount', value: 8, description: '8% discount' },
  },
  {
    id: 'first-whisper',
    title: 'First Whisper',
    description: 'Write your first review',
    category: 'SOCIAL',
    rarity: 'common',
    icon: '✎',
    requirement: { type: 'reviews_written', value: 1 },
    reward: { type: 'points', value: 25, description: '25 loyalty points' },
  },
  {
    id: 'voice-of-the-coven',
    title: 'Voice of the Coven',
    description: 'Write 10 reviews',
    category: 'SOCIAL',
    rarity: 'rare',
    icon: '✒',
    requirement: { type: 'reviews_written', value: 10 },
    reward: { type: 'badge', value: 'voice-of-the-coven', description: 'Voice of the Coven badge' },
  },
  {
    id: 'winter-witch',
    title: 'Winter Witch',
    description: 'Make a purchase in winter (December to February)',
    category: 'SEASONAL',
    rarity: 'uncommon',
    icon: '❄',
    requirement: { type: 'seasonal_purchase', value: 'winter' },
    reward: { type: 'avatar_frame', value: 'frost', description: 'Frost avatar frame' },
  },
  {
    id: 'summer-sorcerer',
    title: 'Summer Sorcerer',
    description: 'Make a purchase in summer (June to August)',
    category: 'SEASONAL',
    rarity: 'uncommon',
    icon: '☀',
    requirement: { type: 'seasonal_purchase', value: 'summer' },
    reward: { type: 'avatar_frame', value: 'solar', description: 'Solar avatar frame' },
  },
  {
    id: 'spring-enchanter',
    title: 'Spring Enchanter',
    description: 'Make a purchase in spring (March to May)',
    category: 'SEASONAL',
    rarity: 'uncommon',
    icon: '❀',
    requirement: { type: 'seasonal_purchase', value: 'spring' },
    reward: { type: 'avatar_frame', value: 'bloom', description: 'Bloom avatar frame' },
  },
  {
    id: 'witching-hour',
    title: 'Witching Hour',
    description: 'Place an order between midnight and 1 AM',
    category: 'SPECIAL',
    rarity: 'rare',
    icon: '☾',
    requirement: { type: 'order_in_hour', value: 0 },
    reward: { type: 'badge', value: 'night-owl', description: 'Night Owl badge' },
  },
  {
    id: 'festival-spirit',
    title: 'Festival Spirit',
    description: 'Take part in 3 festivals',
    category: 'SPECIAL',
    rarity: 'epic',
    icon: '✹',
    requirement: { type: 'festivals_participated', value: 3 },
    reward: { type: 'badge', value: 'festival-spirit', description: 'Festival Spirit badge' },
  },
];

export function achievementById(id: string): AchievementDefinition | undefined {
  return ACHIEVEMENTS.find((achievement) => achievement.id === id);
}

/** Seasons by the month on the shop's calendar: winter Dec–Feb, spring Mar–May, summer Jun–Aug, autumn Sep–Nov. */
export function seasonOf(instant: Date): Season {
  const month = shopMonth(instant);
  if (month === 12 || month <= 2) return 'winter';
  if (month <= 5) return 'spring';
  if (month <= 8) return 'summer';
  return 'autumn';
}

/** What the shop knows about one customer, each list in time order (oldest first). */
export interface AchievementFacts {
  joinedAt: Date;
  /** Orders that count as spent (paid, not cancelled). */
  orders: readonly { placedAt: Date; totalPaise: number; festivalId: number | null }[];
  /** When each distinct product was first opened. */
  productFirstViews: readonly Date[];
  /** When each distinct category was first bought. */
  categoryFirstPurchases: readonly Date[];
  /** When each review was written. */
  reviewDates: readonly Date[];
}

export interface AchievementStats {
  ordersPlaced: number;
  totalSpentPaise: number;
  memberDays: number;
  productsViewed: number;
  categoriesPurchased: number;
  reviewsWritten: number;
  festivalsParticipated: number;
  seasonsPurchased: Season[];
  midnightOrders: number;
}

export interface AchievementStanding {
  achievement: AchievementDefinition;
  unlocked: boolean;
  /** When the requirement was first met, or null while locked. */
  unlockedAt: Date | null;
  current: number;
  target: number;
  /** 0–100; a locked achievement never shows more than 99. */
  progress: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const LOCKED_PROGRESS_CAP = 99;

function byTime(dates: readonly Date[]): Date[] {
  return [...dates].sort((a, b) => a.getTime() - b.getTime());
}

/** The seasons a customer's orders fall in, in SEASONS order: one pass, as a loyal customer has hundreds. */
function seasonsOf(orders: readonly { placedAt: Date }[]): Season[] {
  const seen = new Set<Season>();
  for (const order of orders) {
    seen.add(seasonOf(order.placedAt));
    if (seen.size === SEASONS.length) break;
  }
  return SEASONS.filter((season) => seen.has(season));
}

export function achievementStats(facts: AchievementFacts, now: Date): AchievementStats {
  const festivals = new Set(facts.orders.flatMap((order) => (order.festivalId === null ? [] : [order.festivalId])));
  return {
    ordersPlaced: facts.orders.length,
    totalSpentPaise: facts.orders.reduce((sum, order) => sum + order.totalPaise, 0),
    memberDays: Math.max(0, Math.floor((now.getTime() - facts.joinedAt.getTime()) / DAY_MS)),
    productsViewed: facts.productFirstViews.length,
    categoriesPurchased: facts.categoryFirstPurchases.length,
    reviewsWritten: facts.reviewDates.length,
    festivalsParticipated: festivals.size,
    seasonsPurchased: seasonsOf(facts.orders),
    midnightOrders: facts.orders.filter((order) => shopHour(order.placedAt) === 0).length,
  };
}

/** The moment the count of events reached `target`: the time of the target-th event. */
function nthTime(dates: readonly Date[], target: number): Date | null {
  return byTime(dates)[target - 1] ?? null;
}

/** How far along a requirement is and, when met, since when. */
function measure(requirement: Requirement, facts: AchievementFacts, now: Date): { current: number; target: number; metAt: Date | null } {
  const orders = [...facts.orders].sort((a, b) => a.placedAt.getTime() - b.placedAt.getTime());
  switch (requirement.type) {
    case 'orders_placed':
      return { current: orders.length, target: requirement.value, metAt: nthTime(orders.map((order) => order.placedAt), requirement.value) };
    case 'total_spent': {
      const targetPaise = requirement.value * 100;
      let running = 0;
      let metAt: Date | null = null;
      for (const order of orders) {
        running += order.totalPaise;
        if (metAt === null && running >= targetPaise) metAt = order.placedAt;
      }
      // Progress counts in whole rupees, the unit of the requirement.
      return { current: Math.floor(running / 100), target: requirement.value, metAt };
    }
    case 'member_days': {
      const days = Math.max(0, Math.floor((now.getTime() - facts.joinedAt.getTime()) / DAY_MS));
      const metAt = days >= requirement.value ? new Date(facts.joinedAt.getTime() + requirement.value * DAY_MS) : null;
      return { current: days, target: requirement.value, metAt };
    }
    case 'products_viewed':
      return { current: facts.productFirstViews.length, target: requirement.value, metAt: nthTime(facts.productFirstViews, requirement.value) };
    case 'categories_purchased':
      return { current: facts.categoryFirstPurchases.length, target: requirement.value, metAt: nthTime(facts.categoryFirstPurchases, requirement.value) };
    case 'reviews_written':
      return { current: facts.reviewDates.length, target: requirement.value, metAt: nthTime(facts.reviewDates, requirement.value) };
    case 'seasonal_purchase': {
      const first = orders.find((order) => seasonOf(order.placedAt) === requirement.value);
      return { current: first ? 1 : 0, target: 1, metAt: first?.placedAt ?? null };
    }
    case 'order_in_hour': {
      const first = orders.find((order) => shopHour(order.placedAt) === requirement.value);
      return { current: first ? 1 : 0, target: 1, metAt: first?.placedAt ?? null };
    }
    case 'festivals_participated': {
      // The festival count rises at each festival's first order; the target-th such order unlocks it.
      const seen = new Set<number>();
      const firsts: Date[] = [];
      for (const order of orders) {
        if (order.festivalId === null || seen.has(order.festivalId)) continue;
        seen.add(order.festivalId);
        firsts.push(order.placedAt);
      }
      return { current: seen.size, target: requirement.value, metAt: firsts[requirement.value - 1] ?? null };
    }
  }
}

/** Percent done, rounded down; 100 only when unlocked, otherwise at most 99. */
export function progressPercent(current: number, target: number, unlocked: boolean): number {
  if (unlocked) return 100;
  if (target <= 0) return 0;
  return Math.max(0, Math.min(LOCKED_PROGRESS_CAP, Math.floor((current / target) * 100)));
}

/**
 * Every achievement for a customer. `recorded` holds unlocks already stored: once earned an achievement stays
 * earned with its first date, even if a later cancellation lowers the count.
 */
export function evaluateAchievements(facts: AchievementFacts, now: Date, recorded: ReadonlyMap<string, Date> = new Map()): AchievementStanding[] {
  return ACHIEVEMENTS.map((achievement) => {
    const { current, target, metAt } = measure(achievement.requirement, facts, now);
    const unlockedAt = recorded.get(achievement.id) ?? metAt;
    const unlocked = unlockedAt !== null;
    return { achievement, unlocked, unlockedAt, current, target, progress: progressPercent(current, target, unlocked) };
  });
}

/** Loyalty points earned: the sum of the points rewards of unlocked achievements. */
export function pointsEarned(standings: readonly AchievementStanding[]): number {
  return standings.reduce((sum, standing) => sum + (standing.unlocked && standing.achievement.reward.type === 'points' ? standing.achievement.reward.value : 0), 0);
}

export type AchievementFilter = 'all' | 'unlocked' | 'locked' | AchievementCategory;

/** The achievements tab's filter: all, unlocked, locked, or one category. */
export function filterAchievements<T extends { unlocked: boolean; category: AchievementCategory }>(items: readonly T[], filter: AchievementFilter): T[] {
  if (filter === 'all') return [...items];
  if (filter === 'unlocked') return items.filter((item) => item.unlocked);
  if (filter === 'locked') return items.filter((item) => !item.unlocked);
  return items.filter((item) => item.category === filter);
}
