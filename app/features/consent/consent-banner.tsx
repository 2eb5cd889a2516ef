import { useEffect, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { AnalyticsTags } from '../../../contracts/shop-api.ts';
import { CONSENT_OPTIONS, type CookieChoice } from '../../../domain/cookie-consent.ts';
import { afterHydration } from '../../lib/hydrate-in-turn.tsx';
import { Link } from '../../lib/link.tsx';
import { applyChoice, storedChoice, whenIdle } from './tags.ts';

const OPEN_EVENT = 'deosil:cookie-choices';

/** The footer's "Cookie choices": opens the banner again to change the choice. */
export function openCookieChoices(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** The tags the shop configures (root loader); null when it configures none, which means no banner at all. */
export function useAnalyticsTags(): AnalyticsTags | null {
  const root = useRouteLoaderData('root') as { analyticsTags?: AnalyticsTags } | undefined;
  const tags = root?.analyticsTags;
  return tags && (tags.ga4MeasurementId || tags.metaPixelId) ? tags : null;
}

async function saveChoice(choice: CookieChoice): Promise<boolean> {
  try {
    const response = await fetch('/api/privacy/cookie-consent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(choice),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The cookie banner (decision record 0066): shown after hydration to a visitor with no valid choice, fixed over
 * the foot of the page so nothing moves (no layout shift), three answers of equal weight. Not a modal: the page
 * stays usable, and nothing optional loads until an answer allows it.
 */
export function ConsentHost() {
  const tags = useAnalyticsTags();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!tags) return;
    const choice = storedChoice();
    if (choice) whenIdle(() => applyChoice(tags, choice));
    // Shown once the page's parts have all hydrated, in a task of its own: rendered in the first hydration pass it
    // lengthened the page's longest task (total blocking time) for a banner that may come a moment later.
    else afterHydration(() => setOpen(true));
    const reopen = () => setOpen(true);
    window.addEventListener(OPEN_EVENT, reopen);
    return () => window.removeEventListener(OPEN_EVENT, reopen);
  }, [tags]);

  if (!tags || !open) return null;

  const choose = async (choice: CookieChoice) => {
    setSaving(true);
    setFailed(false);
    const saved = await saveChoice(choice);
    setSaving(false);
    if (!saved) {
      setFailed(true);
      return;
    }
    setOpen(false);
    whenIdle(() => applyChoice(tags, choice));
  };

  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-choices-title"
      aria-describedby="cookie-choices-text"
      data-testid="cookie-banner"
      className="panel fixed inset-x-2 bottom-2 z-50 mx-auto max-w-3xl border-gold/40 bg-crypt px-4 py-3 sm:inset-x-4 sm:bottom-4 sm:px-6 sm:py-4"
    >
      <h2 id="cookie-choices-title" className="font-display text-base tracking-widest text-gold-bright">
        Your cookie choices
      </h2>
      <p id="cookie-choices-text" className="mt-1.5 text-sm text-mist">
        Nothing beyond what the shop needs loads unless you allow it.{' '}
        <span className="hidden sm:inline">
          {tags.ga4MeasurementId ? 'Analytics loads Google Analytics to see what shoppers look for. ' : ''}
          {tags.metaPixelId ? 'Marketing loads the Meta pixel to learn which ads bring shoppers. ' : ''}
        </span>
        <Link to="/privacy#cookies" className="underline underline-offset-4 hover:text-gold-bright">
          What each loads
        </Link>
        . Change it any time at the foot of the page.
      </p>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-blood">
          Your choice could not be saved. Please try again.
        </p>
      ) : null}
      <div className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {Object.entries(CONSENT_OPTIONS).map(([key, option]) => (
          <button key={key} type="button" className="btn-ghost w-full py-2" disabled={saving} onClick={() => void choose(option.choice)} data-choice={key}>
            {option.label}
          </button>
        ))}
      </div>
    </section>
  );
}
