import { useState } from 'react';
import type { AdminReview } from '../../../contracts/reviews.ts';
import { REVIEW_CATEGORIES, type ReviewStatus } from '../../../domain/reviews.ts';
import { DetailItem, DetailModal } from '../admin/index.ts';
import { StarRating } from '../catalogue/index.ts';
import { CATEGORY_LABELS, reviewDate } from '../reviews/index.ts';
import { REVIEW_STATUS_STYLES } from './review-status.ts';
import { useReviewModeration } from './use-reviews-admin.ts';

const ACTIONS: { status: ReviewStatus; label: string; style: string }[] = [
  { status: 'approved', label: 'Approve', style: 'btn-gold' },
  { status: 'rejected', label: 'Reject Review', style: 'btn-ghost border-blood/60 text-blood' },
  { status: 'pending', label: 'Mark as Pending', style: 'btn-ghost' },
];

/** One review in full, with the moderation actions and a delete that asks first. */
export function ReviewDetailModal({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const { moderate, remove, busy } = useReviewModeration(review, onClose);
  const [confirmDelete, setConfirmDelete] = useState(false);

  return (
    <DetailModal label="Review details" onClose={onClose}>
      <p className="eyebrow pr-8">{review.productName}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <StarRating rating={review.rating} size="md" />
        <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${REVIEW_STATUS_STYLES[review.status]}`}>{review.status}</span>
        {review.verifiedPurchase ? <span className="text-xs text-emerald-300">✓ Verified Purchase</span> : null}
      </div>
      {review.title ? <h2 className="mt-3 text-xl text-gold-bright">{review.title}</h2> : null}
      <p className="mt-2 max-h-64 overflow-y-auto leading-relaxed break-words whitespace-pre-line text-mist">{review.comment}</p>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <DetailItem label="Author" value={review.userName} />
        <DetailItem label="Date" value={reviewDate(review.date)} />
        {REVIEW_CATEGORIES.map((category) => (
          <DetailItem key={category} label={CATEGORY_LABELS[category]} value={review.categoryRatings[category] === null ? 'Not rated' : `${review.categoryRatings[category]}/5`} />
        ))}
        <DetailItem label="Helpful votes" value={String(review.helpfulCount)} />
        <DetailItem label="Email" value={review.userEmail ?? '–'} />
      </dl>
      <div className="mt-5 flex flex-wrap gap-3">
        {ACTIONS.map((action) => (
          <button key={action.status} type="button" className={`${action.style} disabled:opacity-40`} disabled={busy || review.status === action.status} onClick={() => moderate.mutate(action.status)}>
            {action.label}
          </button>
        ))}
      </div>
      <div className="mt-5 rounded-md border border-blood/40 p-4">
        {confirmDelete ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-mist">Delete this review for good?</p>
            <button type="button" className="btn-ghost border-blood/60 text-blood" disabled={busy} onClick={() => remove.mutate()}>
              Delete
            </button>
            <button type="button" className="btn-ghost" disabled={busy} onClick={() => setConfirmDelete(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className="text-sm text-blood hover:underline" onClick={() => setConfirmDelete(true)}>
            Delete review
          </button>
        )}
      </div>
    </DetailModal>
  );
}
