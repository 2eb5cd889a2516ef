import { describe, expect, it } from 'vitest';
import { distributionShare, reviewActionFailure, reviewFailureMessage, summarizeReviews, type ReviewAggregates } from './reviews.ts';

const noCategories: ReviewAggregates['categories'] = {
  potency: { sum: 0, count: 0 },
  longevity: { sum: 0, count: 0 },
  aura: { sum: 0, count: 0 },
  effectiveness: { sum: 0, count: 0 },
};

describe('review summary', () => {
  it('is all zeros without reviews', () => {
    expect(summarizeReviews({ byRating: [], categories: noCategories })).toEqual({
      totalReviews: 0,
      averageRating: 0,
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      categoryAverages: { potency: 0, longevity: 0, aura: 0, effectiveness: 0 },
    });
  });

  it('counts each star, averages to one decimal and leaves an unrated category at 0', () => {
    const summary = summarizeReviews({
      byRating: [
        { rating: 5, count: 2 },
        { rating: 4, count: 1 },
      ],
      categories: { ...noCategories, potency: { sum: 14, count: 3 }, longevity: { sum: 12, count: 3 }, aura: { sum: 15, count: 3 } },
    });
    expect(summary.totalReviews).toBe(3);
    expect(summary.averageRating).toBe(4.7);
    expect(summary.ratingDistribution).toEqual({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 });
    expect(summary.categoryAverages).toEqual({ potency: 4.7, longevity: 4, aura: 5, effectiveness: 0 });
  });

  it('ignores ratings off the five-star scale', () => {
    const summary = summarizeReviews({ byRating: [{ rating: 0, count: 4 }, { rating: 6, count: 1 }, { rating: 3, count: 1 }], categories: noCategories });
    expect(summary).toMatchObject({ totalReviews: 1, averageRating: 3 });
  });

  it('sizes distribution bars as whole percentages', () => {
    expect(distributionShare(1, 3)).toBe(33);
    expect(distributionShare(0, 0)).toBe(0);
  });
});

describe('review submission messages', () => {
  it('uses the spec wording', () => {
    expect(reviewFailureMessage('You have already reviewed this product')).toBe('You have already reviewed this product. You can only submit one review per product.');
    expect(reviewFailureMessage('Missing authorization header')).toBe('Please log in to submit a review.');
    expect(reviewFailureMessage('Authentication required')).toBe('Please log in to submit a review.');
    expect(reviewFailureMessage('comment is required')).toBe('comment is required');
    expect(reviewFailureMessage(undefined)).toBe('Failed to submit review. Please try again.');
  });
});

describe('reviewActionFailure', () => {
  it("gives the server's refusal, or the catalogue's words when the server failed or never answered", () => {
    expect(reviewActionFailure('update', 404, 'Review not found')).toBe('Review not found');
    expect(reviewActionFailure('update', 500, 'HTTP error! status: 500')).toBe('Failed to update review');
    expect(reviewActionFailure('delete', 0, 'Failed to fetch')).toBe('Failed to delete review');
    expect(reviewActionFailure('delete', 403, '')).toBe('Failed to delete review');
  });
});
