import type { ReviewStatus } from '../../../domain/reviews.ts';

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { approved: 'Approved', pending: 'Pending', rejected: 'Rejected' };

export const REVIEW_STATUS_STYLES: Record<ReviewStatus, string> = {
  approved: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
  pending: 'border-ember/50 bg-ember/10 text-ember',
  rejected: 'border-blood/50 bg-blood/10 text-blood',
};
