import { useState, type FormEvent } from 'react';
import type { CreateReviewInput, Review, ReviewContent, ReviewResponse } from '../../../contracts/reviews.ts';
import type { FieldError } from '../../../contracts/api.ts';
import { REVIEW_COMMENT_MAX, REVIEW_FAILURES, REVIEW_TITLE_MAX, reviewActionFailure, reviewFailureMessage } from '../../../domain/reviews.ts';
import { ErrorSummary, Fieldset, TextAreaField, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { StarInput } from './star-input.tsx';

interface FormState {
  title: string;
  comment: string;
  rating: number;
  potency: number;
  longevity: number;
  aura: number;
  effectiveness: number | null;
}

/** The spec's initial form: overall and potency, longevity, aura at 5; effectiveness unset. */
const EMPTY: FormState = { title: '', comment: '', rating: 5, potency: 5, longevity: 5, aura: 5, effectiveness: null };

const stateOf = (review: Review): FormState => ({ title: review.title, comment: review.comment, rating: review.rating, ...review.ratings });

/**
 * Idle → 'Submitting...' → success (the form resets and the parent refreshes) or failure (the message shows).
 * Given the author's `review`, the same form edits it instead of writing a new one.
 */
export function ReviewForm({ productId, review, onSubmitted, onCancel }: { productId: number; review?: Review; onSubmitted: (review: Review) => void; onCancel: () => void }) {
  const [form, setForm] = useState<FormState>(review ? stateOf(review) : EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const fieldError = (field: string) => fieldErrors.find((entry) => entry.field === field)?.message;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFieldErrors([]);
    if (!form.comment.trim()) {
      setFieldErrors([{ field: 'comment', message: 'Please share your experience with this potion.' }]);
      return;
    }
    setSubmitting(true);
    try {
      const content: ReviewContent = {
        title: form.title,
        comment: form.comment,
        rating: form.rating,
        ratings: { potency: form.potency, longevity: form.longevity, aura: form.aura, effectiveness: form.effectiveness },
      };
      const response = review
        ? await api<ReviewResponse>(`/reviews/${review.id}`, { method: 'PUT', body: content })
        : await api<ReviewResponse>('/reviews', { method: 'POST', body: { productId, ...content } satisfies CreateReviewInput });
      setForm(EMPTY);
      onSubmitted(response.review);
    } catch (failure) {
      const requestError = failure instanceof ApiRequestError ? failure : null;
      if (review) setError(reviewActionFailure('update', requestError?.status ?? 0, requestError?.message));
      // No answer from the server at all (the connection dropped): the catalogue's 'Failed to add review'.
      else setError(requestError && requestError.status > 0 ? reviewFailureMessage(requestError.message) : REVIEW_FAILURES.add);
      setFieldErrors(requestError?.errors ?? []);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="panel space-y-4 p-5 sm:p-6" aria-label={review ? 'Edit your review' : 'Write a review'} noValidate>
      <h3 className="font-display text-xl text-gold-bright">{review ? 'Edit Your Review' : 'Share Your Experience'}</h3>
      <StarInput label="Overall rating" value={form.rating} onChange={(value) => set('rating', value ?? 5)} size="lg" />
      <TextField
        label={
          <>
            Title <span className="text-ash">(optional)</span>
          </>
        }
        error={fieldError('title')}
        value={form.title}
        maxLength={REVIEW_TITLE_MAX}
        onChange={(event) => set('title', event.target.value)}
        placeholder="Sum up your experience"
      />
      <TextAreaField
        label="Your review"
        required
        error={fieldError('comment')}
        hint={`${form.comment.length}/${REVIEW_COMMENT_MAX}`}
        className="min-h-28"
        value={form.comment}
        maxLength={REVIEW_COMMENT_MAX}
        onChange={(event) => set('comment', event.target.value)}
        placeholder="How did the potion wear, and what did it stir in you?"
      />
      <Fieldset legend="Rate the magic" className="space-y-1">
        <StarInput label="Potency" value={form.potency} onChange={(value) => set('potency', value ?? 5)} />
        <StarInput label="Longevity" value={form.longevity} onChange={(value) => set('longevity', value ?? 5)} />
        <StarInput label="Aura" value={form.aura} onChange={(value) => set('aura', value ?? 5)} />
        <StarInput label="Effectiveness" value={form.effectiveness} onChange={(value) => set('effectiveness', value)} optional />
      </Fieldset>
      <ErrorSummary>{error}</ErrorSummary>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-gold" disabled={submitting}>
          {review ? (submitting ? 'Updating...' : 'Update Review') : submitting ? 'Submitting...' : 'Submit Review'}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
