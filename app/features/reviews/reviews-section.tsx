import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from '../../lib/toast.ts';
import type { HelpfulVoteResponse, ProductReviewsResponse } from '../../../contracts/reviews.ts';
import { REVIEW_FAILURES, REVIEW_SORTS, reviewActionFailure, type ReviewSort } from '../../../domain/reviews.ts';
import { ErrorSummary } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { useAuth } from '../account/index.ts';
import { ReviewCard } from './review-card.tsx';
import { ReviewForm } from './review-form.tsx';
import { SORT_LABELS } from './review-labels.ts';
import { ReviewSummaryPanel } from './review-summary.tsx';

const PAGE_SIZE = 10;

/** 'Spell Testimonials': loaded in the browser after the page, so the product page's first load stays light. */
export default function ReviewsSection({ productId }: { productId: number }) {
  const { status: authStatus, user, openDialog } = useAuth();
  const client = useQueryClient();
  const revalidator = useRevalidator();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [rating, setRating] = useState<number | null>(null);
  const [writing, setWriting] = useState(false);
  /** What the author is doing with their own review: reading it, rewriting it, or about to delete it. */
  const [ownAction, setOwnAction] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const ownPanel = useRef<HTMLDivElement>(null);
  const baseKey = ['reviews', productId] as const;
  const key = [...baseKey, user?.id ?? null, sort, rating] as const;

  const reviews = useInfiniteQuery({
    queryKey: key,
    enabled: authStatus === 'ready',
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ sort, page: String(pageParam), limit: String(PAGE_SIZE), ...(rating ? { rating: String(rating) } : {}) });
      return api<ProductReviewsResponse>(`/reviews/product/${productId}?${params}`, { signal });
    },
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const vote = useMutation({
    mutationFn: (id: number) => api<HelpfulVoteResponse>(`/reviews/${id}/helpful`, { method: 'POST' }),
    onSuccess: (result, id) => {
      client.setQueryData<InfiniteData<ProductReviewsResponse>>(key, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => ({ ...page, reviews: page.reviews.map((review) => (review.id === id ? { ...review, helpfulVotes: result.helpfulVotes, userHelpfulVote: result.voted } : review)) })) }
          : data,
      );
    },
    onError: (error) => toast.error((error as Error).message || 'Failed to record your vote'),
  });

  /** After the author's review changed: the list, the summary and the page header's rating and count. */
  const refreshAfterOwnChange = () => {
    setWriting(false);
    setOwnAction('view');
    void client.invalidateQueries({ queryKey: baseKey });
    void revalidator.revalidate();
  };

  const removeOwn = useMutation({
    mutationFn: (id: number) => api(`/reviews/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      toast.success('Your review has been deleted');
      refreshAfterOwnChange();
    },
  });

  const first = reviews.data?.pages[0];
  const list = reviews.data?.pages.flatMap((page) => page.reviews) ?? [];
  const myReview = first?.myReview ?? null;

  function startWriting() {
    if (!user) {
      openDialog('login');
      return;
    }
    setOwnAction('view');
    setWriting(true);
  }

  /** Opens the author's own review panel on one of its actions, from the panel itself or from their card. */
  function openOwn(action: 'view' | 'edit' | 'confirm-delete') {
    removeOwn.reset();
    setOwnAction(action);
    setWriting(true);
  }

  useEffect(() => {
    if (writing && ownAction !== 'view') ownPanel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [writing, ownAction]);

  return (
    <section className="mt-14" aria-labelledby="spell-testimonials">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="eyebrow">Reviews</p>
          <h2 id="spell-testimonials" className="mt-1 text-2xl text-gold-bright sm:text-3xl">
            Spell Testimonials
          </h2>
        </div>
        <button type="button" className="btn-gold" onClick={startWriting} aria-expanded={writing}>
          Write Review
        </button>
      </div>

      <div className="mt-6 space-y-6">
        {reviews.isError && !first ? (
          <div className="panel p-6 text-center" role="alert">
            <p className="text-blood">{REVIEW_FAILURES.load}</p>
            <button type="button" className="btn-ghost mt-3" onClick={() => void reviews.refetch()}>
              Try again
            </button>
          </div>
        ) : !first ? (
          <p className="panel p-6 text-center text-ash" role="status">
            Gathering testimonials...
          </p>
        ) : (
          <ReviewSummaryPanel summary={first.summary} />
        )}

        {authStatus === 'ready' && !user ? (
          <div className="panel flex flex-col items-start gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-mist">You must be logged in to leave a review. Sign in to share your experience with this potion.</p>
            <button type="button" className="btn-ghost shrink-0" onClick={() => openDialog('login')}>
              Sign In to Review
            </button>
          </div>
        ) : null}

        {user && writing && first ? (
          myReview ? (
            <div ref={ownPanel} className="scroll-mt-24">
              {ownAction === 'edit' ? (
                <ReviewForm
                  productId={productId}
                  review={myReview}
                  onCancel={() => setOwnAction('view')}
                  onSubmitted={() => {
                    toast.success('Your review has been updated');
                    refreshAfterOwnChange();
                  }}
                />
              ) : (
                <div className="panel border-gold/40 p-5" role="status" data-testid="already-reviewed">
                  <h3 className="font-display text-lg text-gold-bright">You&apos;ve Already Reviewed This Product</h3>
                  <p className="mt-1 text-mist">Thank you for sharing your experience. You can only submit one review per product.</p>
                  {myReview.status !== 'approved' ? (
                    <p className="mt-2 text-sm text-ash">{myReview.status === 'pending' ? 'Your review is awaiting moderation.' : 'Your review was not published.'}</p>
                  ) : null}
                  {ownAction === 'confirm-delete' ? (
                    <p className="mt-3 text-mist">Delete your review for good? Its stars leave the potion&apos;s rating.</p>
                  ) : null}
                  <ErrorSummary className="mt-3">
                    {removeOwn.isError ? reviewActionFailure('delete', removeOwn.error instanceof ApiRequestError ? removeOwn.error.status : 0, removeOwn.error.message) : null}
                  </ErrorSummary>
                  <div className="mt-3 flex flex-wrap gap-3">
                    {ownAction === 'confirm-delete' ? (
                      <>
                        <button type="button" className="btn-ghost border-blood/60 text-blood" disabled={removeOwn.isPending} onClick={() => removeOwn.mutate(myReview.id)}>
                          {removeOwn.isPending ? 'Deleting...' : 'Yes, Delete Review'}
                        </button>
                        <button type="button" className="btn-ghost" disabled={removeOwn.isPending} onClick={() => openOwn('view')}>
                          Keep It
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="button" className="btn-gold" onClick={() => openOwn('edit')}>
                          Edit Your Review
                        </button>
                        <button type="button" className="btn-ghost" onClick={() => openOwn('confirm-delete')}>
                          Delete Your Review
                        </button>
                        <button type="button" className="btn-ghost" onClick={() => setWriting(false)}>
                          Close
                        </button>
                      </>
                    )}
                  </div>
                </div>
              )}
            </div>
          ) : (
            <ReviewForm
              productId={productId}
              onCancel={() => setWriting(false)}
              onSubmitted={() => {
                toast.success('Your testimonial has been added');
                setWriting(false);
                void client.invalidateQueries({ queryKey: baseKey });
                // The product's rating and review count in the page header changed too.
                void revalidator.revalidate();
              }}
            />
          )
        ) : null}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-ash" aria-live="polite">
            {first ? `${first.pagination.total} ${first.pagination.total === 1 ? 'testimonial' : 'testimonials'}${rating ? ` with ${rating} ${rating === 1 ? 'star' : 'stars'}` : ''}` : ''}
          </p>
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <label>
              <span className="sr-only">Sort reviews</span>
              <select className="field" value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
                {REVIEW_SORTS.map((option) => (
                  <option key={option} value={option}>
                    {SORT_LABELS[option]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span className="sr-only">Filter by rating</span>
              <select className="field" value={rating ?? 'all'} onChange={(event) => setRating(event.target.value === 'all' ? null : Number(event.target.value))}>
                <option value="all">All ratings</option>
                {[5, 4, 3, 2, 1].map((stars) => (
                  <option key={stars} value={stars}>
                    {stars} {stars === 1 ? 'star' : 'stars'}
                  </option>
                ))}
              </select>
            </label>
          </div>
        </div>

        {first && list.length === 0 ? (
          <p className="panel p-6 text-center text-ash">{rating ? 'No testimonials with this rating yet.' : 'No testimonials yet. Be the first to share your experience.'}</p>
        ) : null}
        <ul className="space-y-4" aria-label="Reviews" aria-busy={reviews.isFetching}>
          {list.map((review) => (
            <li key={review.id}>
              <ReviewCard
                review={review}
                own={Boolean(user && review.user?._id === user.id)}
                voting={vote.isPending && vote.variables === review.id}
                onHelpful={() => (user ? vote.mutate(review.id) : openDialog('login'))}
                onEdit={() => openOwn('edit')}
                onDelete={() => openOwn('confirm-delete')}
              />
            </li>
          ))}
        </ul>
        {reviews.hasNextPage ? (
          <div className="text-center">
            <button type="button" className="btn-ghost" disabled={reviews.isFetchingNextPage} onClick={() => void reviews.fetchNextPage()}>
              {reviews.isFetchingNextPage ? 'Loading...' : 'Show more testimonials'}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
