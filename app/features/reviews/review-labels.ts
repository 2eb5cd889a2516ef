import type { ReviewCategory, ReviewSort } from '../../../domain/reviews.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

export const CATEGORY_LABELS: Record<ReviewCategory, string> = { potency: 'Potency', longevity: 'Longevity', aura: 'Aura', effectiveness: 'Effectiveness' };

export const SORT_LABELS: Record<ReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
  helpful: 'Most helpful',
};

export const reviewDate = (iso: string) => formatShopDate(iso);
