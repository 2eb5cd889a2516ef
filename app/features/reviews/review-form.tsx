import { useState, type FormEvent } from 'react';
import type { CreateReviewInput, Review, ReviewResponse } from '../../../contracts/reviews.ts';
import type { FieldError } from '../../../contracts/api.ts';
import { REVIEW_COMMENT_MAX, REVIEW_FAILURES, REVIEW_TITLE_MAX, reviewFailureMessage } from '../../../domain/reviews.ts';
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

/** Idle → 'Submitting...' → success (the form resets and the parent refreshes) or failure (the message shows). */
export function ReviewForm({ productId, onSubmitted, onCancel }: { productId: number; onSubmitted: (review: Review) => void; onCancel: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
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
      const body: CreateReviewInput = {
        productId,
        title: form.title,
        comment: form.comment,
        rating: form.rating,
        ratings: { potency: form.potency, longevity: form.longevity, aura: form.aura, effectiveness: form.effectiveness },
      };
      const response = await api<ReviewResponse>('/reviews', { method: 'POST', body });
      setForm(EMPTY);
      onSubmitted(response.review);
    } catch (failure) {
      const requestError = failure instanceof ApiRequestError ? failure : null;
      // No answer from the server at all (the connection dropped): the catalogue's 'Failed to add review'.
      setError(requestError && requestError.status > 0 ? reviewFailureMessage(requestError.message) : REVIEW_FAILURES.add);
      setFieldErrors(requestError?.errors ?? []);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} className="panel space-y-4 p-5 sm:p-6" aria-label="Write a review" noValidate>
      <h3 className="font-display text-xl text-gold-bright">Share Your Experience</h3>
      <StarInput label="Overall rating" value={form.rating} onChange={(value) => set('rating', value ?? 5)} size="lg" />
      <label className="block text-sm text-mist">
        Title <span className="text-ash">(optional)</span>
        <input className="field mt-1" value={form.title} maxLength={REVIEW_TITLE_MAX} onChange={(event) => set('title', event.target.value)} placeholder="Sum up your experience" />
      </label>
      <label className="block text-sm text-mist">
        Your review
        <textarea
          className="field mt-1 min-h-28"
          value={form.comment}
          maxLength={REVIEW_COMMENT_MAX}
          required
          aria-invalid={fieldError('comment') ? true : undefined}
          aria-describedby="review-comment-help"
          onChange={(event) => set('comment', event.target.value)}
          placeholder="How did the potion wear, and what did it stir in you?"
        />
        <span id="review-comment-help" className={`mt-1 flex justify-between gap-3 text-xs ${fieldError('comment') ? 'text-blood' : 'text-ash'}`}>
          <span>{fieldError('comment') ?? ''}</span>
          <span>
            {form.comment.length}/{REVIEW_COMMENT_MAX}
          </span>
        </span>
      </label>
      <fieldset className="space-y-1 rounded-lg border border-shadow p-3">
        <legend className="px-1 text-sm text-gold">Rate the magic</legend>
        <StarInput label="Potency" value={form.potency} onChange={(value) => set('potency', value ?? 5)} />
        <StarInput label="Longevity" value={form.longevity} onChange={(value) => set('longevity', value ?? 5)} />
        <StarInput label="Aura" value={form.aura} onChange={(value) => set('aura', value ?? 5)} />
        <StarInput label="Effectiveness" value={form.effectiveness} onChange={(value) => set('effectiveness', value)} optional />
      </fieldset>
      {error ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-3 py-2 text-sm text-blood">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-gold" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit Review'}
        </button>
        <button type="button" className="btn-ghost" onClick={onCancel} disabled={submitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}
