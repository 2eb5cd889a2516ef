import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Festival } from '../../../contracts/festivals.ts';
import { activeFestivalsQuery } from './active-festivals-query.ts';
import { Link } from '../../lib/link.tsx';
import { festivalOfferText } from '../../../domain/festival-offer.ts';
import { countdownText } from '../../../domain/honest-urgency.ts';

const COUNTDOWN_TICK_MS = 30_000;

/**
 * The time left to the festival's stored end, drawn in the browser only (a cached page's text would be stale) and
 * redrawn every half minute; gone once the festival has ended (domain/honest-urgency.ts).
 */
function Countdown({ endDate }: { endDate: string }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), COUNTDOWN_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  const text = now ? countdownText(endDate, now) : null;
  return text ? (
    <span className="text-xs opacity-90" data-testid="festival-countdown">
      {text}
    </span>
  ) : null;
}

export const BANNER_ROTATION_MS = 5000;

/**
 * The home page's festival banner: rotates every 5 s among live festivals the visitor has not dismissed (a
 * dismissal lasts until reload). The page arrives with it already rendered from the server's list, so nothing
 * jumps when the browser takes over; a failed refresh is only logged.
 */
export function FestivalBanner({ initial }: { initial?: Festival[] }) {
  const { data: festivals = [], error } = useQuery({ ...activeFestivalsQuery, initialData: initial });
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [index, setIndex] = useState(0);
  const visible = festivals.filter((festival) => !dismissed.includes(festival.id));

  useEffect(() => {
    if (error) console.warn('Festival banner could not load festivals', error);
  }, [error]);

  useEffect(() => {
    if (visible.length < 2) return;
    const timer = window.setInterval(() => setIndex((current) => current + 1), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [visible.length]);

  const festival = visible.length ? visible[index % visible.length] : undefined;
  if (!festival) return null;
  return (
    <aside
      aria-label="Festival offers"
      aria-live="polite"
      data-testid="festival-banner"
      className="relative border-b border-gold/30 shadow-[0_8px_24px_rgb(0_0_0/0.4)]"
      style={{ backgroundColor: festival.backgroundColor, color: festival.textColor }}
    >
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-10 py-2.5 text-center text-sm sm:min-h-11">
        <strong className="font-display tracking-wider">{festival.name}</strong>
        <span className="opacity-90 max-sm:hidden">{festival.description}</span>
        {/* A phone has no room for the description, but the shopper still needs to know what the code gives. */}
        {festival.festivalCode ? (
          <span className="opacity-90 sm:hidden" data-testid="festival-offer">
            {festivalOfferText(festival)}
          </span>
        ) : null}
        {festival.festivalCode ? (
          <span className="rounded border border-current px-2 py-0.5 font-display text-xs tracking-widest">{festival.festivalCode}</span>
        ) : null}
        <Countdown key={festival.id} endDate={festival.endDate} />
        <Link to={festival.ctaLink} className="font-semibold underline underline-offset-4">
          {festival.ctaText}
        </Link>
      </div>
      <button
        type="button"
        onClick={() => setDismissed((current) => [...current, festival.id])}
        className="absolute top-1/2 right-3 -translate-y-1/2 rounded p-1 opacity-80 hover:opacity-100"
        aria-label={`Dismiss ${festival.name}`}
      >
        ✕
      </button>
    </aside>
  );
}
