import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminReview, AdminReviewListResponse } from '../../../contracts/reviews.ts';
import type { ReviewSort, ReviewStatus } from '../../../domain/reviews.ts';
import { adminApi, adminKeys, useAdminList, useListPage, useSearchQuery } from '../admin/index.ts';
import toast from '../../lib/toast.ts';

const AREA = 'reviews';

/** The review moderation screen's state: search, filters, sort, page, the list and the review open in detail. */
export function useReviewsAdmin() {
  const search = useSearchQuery();
  const [status, setStatus] = useState<'all' | ReviewStatus>('all');
  const [rating, setRating] = useState('all');
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [page, setPage] = useListPage([search.query, status, rating, sort]);
  const list = useAdminList<AdminReviewListResponse>(AREA, '/admin/reviews', {
    sort,
    page,
    limit: 50,
    search: search.query,
    status: status === 'all' ? undefined : status,
    rating: rating === 'all' ? undefined : rating,
  });
  const [selected, setSelected] = useState<AdminReview | null>(null);
  return { search, status, setStatus, rating, setRating, sort, setSort, page, setPage, list, selected, setSelected };
}

/** Approving, rejecting, re-queueing or deleting one review; each refreshes the list and closes the detail. */
export function useReviewModeration(review: AdminReview, onDone: () => void) {
  const client = useQueryClient();
  const done = (response: { message: string }) => {
    toast.success(response.message);
    void client.invalidateQueries({ queryKey: adminKeys.area(AREA) });
    onDone();
  };
  const failed = (error: Error) => toast.error(error.message);
  const moderate = useMutation({
    mutationFn: (status: ReviewStatus) => adminApi<{ message: string }>(`/admin/reviews/${review.id}/status`, { method: 'PUT', body: { status } }),
    onSuccess: done,
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: () => adminApi<{ message: string }>(`/admin/reviews/${review.id}`, { method: 'DELETE' }),
    onSuccess: done,
    onError: failed,
  });
  return { moderate, remove, busy: moderate.isPending || remove.isPending };
}
