import { REVIEW_SORTS, REVIEW_STATUSES } from '../../../domain/reviews.ts';
import { AdminScreen, FilterSelect, ListEmpty, ListError, ListLoading, Pagination, SearchField, sortOptions, StatCards, statFilters, statusFigures, statusOptions } from '../admin/index.ts';
import { StarRating } from '../catalogue/index.ts';
import { reviewDate, SORT_LABELS } from '../reviews/index.ts';
import { ReviewDetailModal } from './review-detail-modal.tsx';
import { REVIEW_STATUS_LABELS, REVIEW_STATUS_STYLES } from './review-status.ts';
import { useReviewsAdmin } from './use-reviews-admin.ts';

const RATING_OPTIONS: [string, string][] = [['all', 'All ratings'], ...[5, 4, 3, 2, 1].map((stars): [string, string] => [String(stars), `${stars} ${stars === 1 ? 'star' : 'stars'}`])];

/** Review moderation: status cards, search, filters, sort, the list and a detail modal with the moderation actions. */
export function ReviewsAdminPage() {
  const { search, status, setStatus, rating, setRating, sort, setSort, setPage, list, selected, setSelected } = useReviewsAdmin();
  const stats = list.data?.stats;
  const showing = statFilters(status, setStatus);
  const pagination = list.data?.pagination;

  return (
    <AdminScreen eyebrow="Spell testimonials" title="Review Management">
      <StatCards
        className="lg:grid-cols-5"
        items={[
          ['Total Reviews', stats?.total],
          ...statusFigures(REVIEW_STATUSES, REVIEW_STATUS_LABELS, stats, showing),
          ['Average Rating', stats ? stats.averageRating.toFixed(1) : undefined],
        ]}
      />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_auto_auto_auto]">
        <SearchField className="sm:col-span-2 lg:col-span-1" label="Search reviews" placeholder="Search by review, author or potion" value={search.search} onChange={search.setSearch} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={statusOptions(REVIEW_STATUSES, REVIEW_STATUS_LABELS)} />
        <FilterSelect label="Rating" value={rating} onChange={setRating} options={RATING_OPTIONS} />
        <FilterSelect className="sm:col-span-2 lg:col-span-1" label="Sort" value={sort} onChange={setSort} options={sortOptions(REVIEW_SORTS, SORT_LABELS)} />
      </div>
      <ListError error={list.error} prefix="" />
      {list.isPending ? <ListLoading>Loading reviews...</ListLoading> : null}
      {list.data?.reviews.length === 0 ? <ListEmpty title="No reviews found" /> : null}
      <ul className="space-y-2" aria-label="Reviews">
        {list.data?.reviews.map((review) => (
          <li key={review.id}>
            <button
              type="button"
              className="panel flex w-full flex-col gap-2 p-4 text-left hover:border-gold/40 sm:flex-row sm:items-start sm:gap-4"
              onClick={() => setSelected(review)}
              aria-label={`Open review by ${review.userName} of ${review.productName}`}
            >
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
              <span className={`self-start rounded-full border px-2 py-0.5 text-xs capitalize ${REVIEW_STATUS_STYLES[review.status]}`}>{review.status}</span>
            </button>
          </li>
        ))}
      </ul>
      {pagination ? <Pagination page={pagination.page} pages={pagination.pages} onPage={setPage} /> : null}
      {selected ? <ReviewDetailModal review={selected} onClose={() => setSelected(null)} /> : null}
    </AdminScreen>
  );
}
