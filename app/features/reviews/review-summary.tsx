import { distributionShare, REVIEW_CATEGORIES, type ReviewSummary } from '../../../domain/reviews.ts';
import { StarRating } from '../catalogue/index.ts';
import { CATEGORY_LABELS } from './review-labels.ts';

/** The average, the five distribution bars and the category averages of a product's approved reviews. */
export function ReviewSummaryPanel({ summary }: { summary: ReviewSummary }) {
  const { totalReviews, averageRating, ratingDistribution, categoryAverages } = summary;
  return (
    <div className="panel grid gap-6 p-5 sm:p-6 md:grid-cols-[auto_1fr_1fr] md:items-center" data-testid="review-summary">
      <div className="text-center md:pr-4">
        <p className="font-display text-5xl text-gold-bright">{averageRating.toFixed(1)}</p>
        <div className="mt-1 flex justify-center">
          <StarRating rating={averageRating} size="md" />
        </div>
        <p className="mt-1 text-sm text-ash">
          Based on {totalReviews} {totalReviews === 1 ? 'review' : 'reviews'}
        </p>
      </div>
      <ul className="space-y-1.5" aria-label="Rating distribution">
        {([5, 4, 3, 2, 1] as const).map((stars) => {
          const share = distributionShare(ratingDistribution[stars], totalReviews);
          return (
            <li key={stars} className="flex items-center gap-2 text-sm" aria-label={`${stars} stars: ${ratingDistribution[stars]} reviews`}>
              <span className="w-8 shrink-0 text-ash" aria-hidden="true">
                {stars}★
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-shadow" aria-hidden="true">
                <span className="block h-full rounded-full bg-gradient-to-r from-gold to-gold-bright" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right text-ash" aria-hidden="true">
                {ratingDistribution[stars]}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="grid grid-cols-2 gap-2">
        {REVIEW_CATEGORIES.map((category) => (
          <div key={category} className="rounded-md bg-night/70 px-3 py-2">
            <dt className="text-xs text-ash">{CATEGORY_LABELS[category]}</dt>
            <dd className="font-display text-lg text-mist">{categoryAverages[category] > 0 ? `${categoryAverages[category].toFixed(1)} / 5` : '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
