import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from '../lib/toast.ts';
import type { AdminReview, AdminReviewListResponse } from '../../contracts/reviews.ts';
import { REVIEW_CATEGORIES, REVIEW_SORTS, type ReviewSort, type ReviewStatus } from '../../domain/reviews.ts';
import { trapTab } from '../components/focus-trap.ts';
import { adminApi } from '../features/admin/admin-session.ts';
import { FilterSelect, SearchField, StatCards } from '../features/admin/list-controls.tsx';
import { useSearchQuery } from '../features/admin/use-search-query.ts';
import { StarRating } from '../features/catalogue/star-rating.tsx';
import { CATEGORY_LABELS, reviewDate, SORT_LABELS } from '../features/reviews/review-labels.ts';

const REVIEWS_KEY = ['admin-reviews'];
const statusStyle: Record<ReviewStatus, string> = {
  approved: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
  pending: 'border-ember/50 bg-ember/10 text-ember',
  rejected: 'border-blood/50 bg-blood/10 text-blood',
};

export function meta() {
  return [{ title: 'Reviews | Deosil Admin' }];
}

/** Review moderation: status cards, search, filters, sort, the list and a detail modal with the moderation actions. */
export default function AdminReviews() {
  const { search, setSearch, query } = useSearchQuery();
  const [status, setStatus] = useState<'all' | ReviewStatus>('all');
  const [rating, setRating] = useState('all');
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [query, status, rating, sort]);
  const [selected, setSelected] = useState<AdminReview | null>(null);

  const params = new URLSearchParams({ sort, page: String(page), limit: '50', ...(query ? { search: query } : {}), ...(status !== 'all' ? { status } : {}), ...(rating !== 'all' ? { rating } : {}) });
  const list = useQuery({
    queryKey: [...REVIEWS_KEY, params.toString()],
    queryFn: ({ signal }) => adminApi<AdminReviewListResponse>(`/admin/reviews?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
  const stats = list.data?.stats;
  const pagination = list.data?.pagination;

  return (
    <section className="space-y-6">
      <div>
        <p className="eyebrow">Spell testimonials</p>
        <h1 className="mt-1 text-2xl text-gold-bright">Review Management</h1>
      </div>
      <StatCards
        className="lg:grid-cols-5"
        items={[
          ['Total Reviews', stats?.total],
          ['Approved', stats?.approved],
          ['Pending', stats?.pending],
          ['Rejected', stats?.rejected],
          ['Average Rating', stats ? stats.averageRating.toFixed(1) : undefined],
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto]">
        <SearchField className="sm:col-span-2 lg:col-span-1" label="Search reviews" placeholder="Search by review, author or potion" value={search} onChange={setSearch} />
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            ['all', 'All statuses'],
            ['approved', 'Approved'],
            ['pending', 'Pending'],
            ['rejected', 'Rejected'],
          ]}
        />
        <label>
          <span className="sr-only">Rating</span>
          <select className="field" value={rating} onChange={(event) => setRating(event.target.value)}>
            <option value="all">All ratings</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </select>
        </label>
        <label className="sm:col-span-2 lg:col-span-1">
          <span className="sr-only">Sort</span>
          <select className="field" value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
            {REVIEW_SORTS.map((key) => (
              <option key={key} value={key}>
                Sort: {SORT_LABELS[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isError ? (
        <p className="text-blood" role="alert">
          {(list.error as Error).message}
        </p>
      ) : null}
      {list.isPending ? <p className="panel p-8 text-center text-ash">Loading reviews...</p> : null}
      <ul className="space-y-2" aria-label="Reviews">
        {list.data?.reviews.length === 0 ? <li className="panel p-8 text-center text-ash">No reviews found</li> : null}
        {list.data?.reviews.map((review) => (
          <li key={review.id}>
            <button type="button" className="panel flex w-full flex-col gap-2 p-4 text-left hover:border-gold/40 sm:flex-row sm:items-start sm:gap-4" onClick={() => setSelected(review)} aria-label={`Open review by ${review.userName} of ${review.productName}`}>
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-display text-mist">{review.productName}</span>
                  <StarRating rating={review.rating} />
                </span>
                {review.title ? <span className="mt-1 block truncate text-sm text-gold-bright">{review.title}</span> : null}
                <span className="mt-1 line-clamp-2 block text-sm break-words text-ash">{review.comment}</span>
                <span className="mt-1 block text-xs text-ash">
                  {review.userName} · {reviewDate(review.date)}
                  {review.verifiedPurchase ? ' · Verified Purchase' : ''} · {review.helpfulCount} helpful
                </span>
              </span>
              <span className={`self-start rounded-full border px-2 py-0.5 text-xs capitalize ${statusStyle[review.status]}`}>{review.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {pagination && pagination.pages > 1 ? (
        <nav className="flex items-center justify-center gap-3 text-sm text-ash" aria-label="Pages">
          <button type="button" className="btn-ghost px-3 py-1.5 disabled:opacity-40" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {pagination.page} of {pagination.pages}
          </span>
          <button type="button" className="btn-ghost px-3 py-1.5 disabled:opacity-40" disabled={page >= pagination.pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      ) : null}
      {selected ? <ReviewDetail review={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}

const ACTIONS: { status: ReviewStatus; label: string; style: string }[] = [
  { status: 'approved', label: 'Approve', style: 'btn-gold' },
  { status: 'rejected', label: 'Reject Review', style: 'btn-ghost border-blood/60 text-blood' },
  { status: 'pending', label: 'Mark as Pending', style: 'btn-ghost' },
];

function ReviewDetail({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const client = useQueryClient();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const done = (message: string) => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: REVIEWS_KEY });
    onClose();
  };
  const moderate = useMutation({
    mutationFn: (status: ReviewStatus) => adminApi<{ message: string }>(`/admin/reviews/${review.id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: (response) => done(response.message),
    onError: (error) => toast.error((error as Error).message),
  });
  const remove = useMutation({
    mutationFn: () => adminApi<{ message: string }>(`/admin/reviews/${review.id}`, { method: 'DELETE' }),
    onSuccess: (response) => done(response.message),
    onError: (error) => toast.error((error as Error).message),
  });
  const busy = moderate.isPending || remove.isPending;
  const closeButton = useRef<HTMLButtonElement>(null);
  // Focus moves into the dialog when it opens, so keyboard users land on its controls.
  useEffect(() => closeButton.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/75 p-4 sm:items-center" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Review details" className="panel relative w-full max-w-lg bg-night p-6" onKeyDown={trapTab}>
        <button ref={closeButton} type="button" aria-label="Close" onClick={onClose} className="absolute top-3 right-3 p-2 text-ash hover:text-gold-bright">
          ×
        </button>
        <p className="eyebrow pr-8">{review.productName}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <StarRating rating={review.rating} size="md" />
          <span className={`rounded-full border px-2 py-0.5 text-xs capitalize ${statusStyle[review.status]}`}>{review.status}</span>
          {review.verifiedPurchase ? <span className="text-xs text-emerald-300">✓ Verified Purchase</span> : null}
        </div>
        {review.title ? <h2 className="mt-3 text-xl text-gold-bright">{review.title}</h2> : null}
        <p className="mt-2 max-h-64 overflow-y-auto leading-relaxed break-words whitespace-pre-line text-mist">{review.comment}</p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <Info label="Author" value={review.userName} />
          <Info label="Date" value={reviewDate(review.date)} />
          {REVIEW_CATEGORIES.map((category) => (
            <Info key={category} label={CATEGORY_LABELS[category]} value={review.categoryRatings[category] === null ? 'Not rated' : `${review.categoryRatings[category]}/5`} />
          ))}
          <Info label="Helpful votes" value={String(review.helpfulCount)} />
          <Info label="Email" value={review.userEmail ?? '–'} />
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
      </div>
    </div>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-crypt p-2">
      <dt className="text-xs text-ash">{label}</dt>
      <dd className="break-words text-mist">{value}</dd>
    </div>
  );
}
