import type { Review } from '../../../contracts/reviews.ts';
import { REVIEW_CATEGORIES } from '../../../domain/reviews.ts';
import { StarRating } from '../catalogue/index.ts';
import { CATEGORY_LABELS, reviewDate } from './review-labels.ts';

/** One testimonial; on the author's own, links to edit or delete it (the section opens its panel for that). */
export function ReviewCard({ review, own, onHelpful, voting, onEdit, onDelete }: { review: Review; own: boolean; onHelpful: () => void; voting: boolean; onEdit?: () => void; onDelete?: () => void }) {
  const rated = REVIEW_CATEGORIES.filter((category) => review.ratings[category] !== null);
  return (
    <article className="panel p-5" aria-label={`Review by ${review.customerName}`}>
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-display text-mist">{review.customerName}</span>
            {review.verifiedPurchase ? (
              <span className="rounded-full border border-emerald-400/40 bg-emerald-400/10 px-2 py-0.5 text-xs text-emerald-300">✓ Verified Purchase</span>
            ) : null}
          </p>
          <p className="mt-0.5 text-xs text-ash">{reviewDate(review.createdAt)}</p>
        </div>
        <StarRating rating={review.rating} />
      </header>
      {review.title ? <h3 className="mt-3 font-display text-lg text-gold-bright">{review.title}</h3> : null}
      <p className="mt-2 leading-relaxed whitespace-pre-line text-mist/90">{review.comment}</p>
      <dl className="mt-3 flex flex-wrap gap-2 text-xs">
        {rated.map((category) => (
          <div key={category} className="flex gap-1 rounded-full bg-shadow/70 px-2.5 py-1">
            <dt className="text-ash">{CATEGORY_LABELS[category]}</dt>
            <dd className="text-gold-bright">{review.ratings[category]}/5</dd>
          </div>
        ))}
      </dl>
      <footer className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <button
          type="button"
          onClick={onHelpful}
          disabled={own || voting}
          aria-pressed={review.userHelpfulVote}
          title={own ? 'You cannot vote on your own review' : undefined}
          className={`inline-flex min-h-9 items-center gap-1.5 rounded-md border px-3 py-1 transition disabled:cursor-not-allowed disabled:opacity-60 ${review.userHelpfulVote ? 'border-gold bg-gold/15 text-gold-bright' : 'border-shadow text-ash hover:border-gold/60 hover:text-gold-bright'}`}
        >
          <span aria-hidden="true">✦</span> Helpful ({review.helpfulVotes})
        </button>
        {own ? (
          <>
            <span className="text-xs text-ash">Your review</span>
            {onEdit ? (
              <button type="button" className="text-xs text-gold underline-offset-4 hover:text-gold-bright hover:underline" onClick={onEdit} aria-label="Edit your review">
                Edit
              </button>
            ) : null}
            {onDelete ? (
              <button type="button" className="text-xs text-blood underline-offset-4 hover:underline" onClick={onDelete} aria-label="Delete your review">
                Delete
              </button>
            ) : null}
          </>
        ) : null}
      </footer>
    </article>
  );
}
