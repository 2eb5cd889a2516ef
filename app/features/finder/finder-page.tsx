import { useEffect, useRef, useState } from 'react';
import type { FinderAnswersInput, FinderResult } from '../../../contracts/finder.ts';
import { BIRTH_SIGNS, type BirthSign } from '../../../domain/accounts.ts';
import { BUDGETS, FAMILY_DETAILS, INTENSITIES, NOTE_FAMILIES, OCCASION_DETAILS, OCCASIONS, type BudgetId, type Intensity, type NoteFamily, type Occasion } from '../../../domain/finder.ts';
import { useAuth } from '../account/index.ts';
import { ProductCard, toCardData } from '../catalogue/index.ts';
import toast from '../../lib/toast.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { useRecommendations, useSaveAnswers, useSavedAnswers } from './use-finder.ts';

const INTENSITY_LABELS: Record<Intensity, { label: string; hint: string }> = {
  soft: { label: 'Soft', hint: 'close to the skin' },
  moderate: { label: 'Moderate', hint: 'noticed in a room' },
  strong: { label: 'Strong', hint: 'a trail behind you' },
};

const OPEN: FinderAnswersInput = { families: [], intensity: null, occasion: null, budget: 'any', birthSign: null };

/** `/finder`: five questions, then three potions and a set, each with why, and the answers kept if wanted. */
export function FinderPage() {
  const signedIn = useAuth((state) => Boolean(state.user));
  const saved = useSavedAnswers();
  const [answers, setAnswers] = useState<FinderAnswersInput>(OPEN);
  const started = useRef(false);
  const recommendations = useRecommendations();
  const save = useSaveAnswers();
  const results = useRef<HTMLElement>(null);

  // A returning shopper starts from what they answered before, unless they have already begun.
  useEffect(() => {
    if (saved.data && !started.current) setAnswers(saved.data);
  }, [saved.data]);
  const change = (next: Partial<FinderAnswersInput>) => {
    started.current = true;
    setAnswers((current) => ({ ...current, ...next }));
  };

  const reveal = (event: React.FormEvent) => {
    event.preventDefault();
    recommendations.mutate(answers, { onSuccess: () => requestAnimationFrame(() => results.current?.focus()) });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 pb-20 sm:px-6">
      <form onSubmit={reveal} className="panel flex flex-col gap-8 p-5 sm:p-8" aria-label="Fragrance finder">
        <ChoiceGroup<NoteFamily>
          legend="1. Notes you love (choose any)"
          name="families"
          multiple
          options={NOTE_FAMILIES.map((family) => ({ value: family, label: FAMILY_DETAILS[family].label, hint: FAMILY_DETAILS[family].hint }))}
          selected={answers.families}
          onChange={(families) => change({ families })}
        />
        <ChoiceGroup<Intensity>
          legend="2. How strong"
          name="intensity"
          options={INTENSITIES.map((intensity) => ({ value: intensity, ...INTENSITY_LABELS[intensity] }))}
          selected={answers.intensity ? [answers.intensity] : []}
          onChange={([intensity]) => change({ intensity: intensity ?? null })}
        />
        <ChoiceGroup<Occasion>
          legend="3. For when"
          name="occasion"
          options={OCCASIONS.map((occasion) => ({ value: occasion, label: OCCASION_DETAILS[occasion].label }))}
          selected={answers.occasion ? [answers.occasion] : []}
          onChange={([occasion]) => change({ occasion: occasion ?? null })}
        />
        <ChoiceGroup<BudgetId>
          legend="4. Your budget for a bottle"
          name="budget"
          options={BUDGETS.map((budget) => ({ value: budget.id, label: budget.label }))}
          selected={[answers.budget as BudgetId]}
          onChange={([budget]) => change({ budget: budget ?? 'any' })}
        />
        <label className="flex max-w-xs flex-col gap-2">
          <span className="eyebrow">5. Your birth sign (optional)</span>
          <select className="field" value={answers.birthSign ?? ''} onChange={(event) => change({ birthSign: (event.target.value || null) as BirthSign | null })}>
            <option value="">I'd rather not say</option>
            {BIRTH_SIGNS.map((sign) => (
              <option key={sign} value={sign}>
                {sign}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-gold" disabled={recommendations.isPending}>
            {recommendations.isPending ? 'READING THE NOTES…' : 'REVEAL MY POTIONS'}
          </button>
          {signedIn ? (
            <button
              type="button"
              className="btn-ghost"
              disabled={save.isPending}
              onClick={() => save.mutate(answers, { onSuccess: (reply) => toast.success(reply.message), onError: () => toast.error('Your answers could not be saved. Please try again.') })}
            >
              SAVE MY ANSWERS
            </button>
          ) : (
            <p className="text-sm text-ash">Sign in to keep your answers with your profile.</p>
          )}
        </div>
        {recommendations.isError ? (
          <p className="text-sm text-blood" role="alert">
            The finder could not be reached. Please try again.
          </p>
        ) : null}
      </form>
      {recommendations.data ? <Results result={recommendations.data} heading={results} /> : null}
    </div>
  );
}

function Results({ result, heading }: { result: FinderResult; heading: React.RefObject<HTMLElement | null> }) {
  return (
    <section ref={heading} tabIndex={-1} aria-labelledby="finder-results" className="flex flex-col gap-6 outline-none" data-testid="finder-results">
      <h2 id="finder-results" className="text-center font-display text-2xl tracking-widest text-gold-bright">
        YOUR POTIONS
      </h2>
      {result.potions.length === 0 ? <p className="text-center text-ash">Every potion is sold out just now. Please look again soon.</p> : null}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {result.potions.map((entry) => (
          <li key={entry.product.id} className="flex flex-col gap-2" data-testid="finder-potion">
            <p className="text-sm text-ember">{entry.why ? `Why: ${entry.why}` : 'A house favourite'}</p>
            <ProductCard product={toCardData(entry.product)} />
          </li>
        ))}
      </ul>
      {result.set ? (
        <div className="flex flex-col gap-3" data-testid="finder-set">
          <h3 className="text-center font-display text-lg tracking-widest text-gold-bright">AND A SET TO TRY THEM SIDE BY SIDE</h3>
          <div className="mx-auto flex w-full max-w-sm flex-col gap-2">
            <p className="text-sm text-ember">{result.set.why ? `Why: ${result.set.why}` : 'Several potions in one box'}</p>
            <ProductCard product={toCardData(result.set.product)} />
          </div>
        </div>
      ) : null}
    </section>
  );
}
