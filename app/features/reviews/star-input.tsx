import { STAR_SCALE } from '../../../domain/reviews.ts';

/**
 * One to five star buttons for a rating, a radio group to assistive technology. `optional` adds a way to leave
 * the rating unset (effectiveness).
 */
export function StarInput({ label, value, onChange, optional = false, size = 'md' }: { label: string; value: number | null; onChange: (value: number | null) => void; optional?: boolean; size?: 'md' | 'lg' }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-24 text-sm text-mist" aria-hidden="true">
        {label}
      </span>
      <span className="flex">
        {Array.from({ length: STAR_SCALE }, (_, index) => {
          const stars = index + 1;
          const lit = value !== null && stars <= value;
          return (
            <button
              key={stars}
              type="button"
              role="radio"
              aria-checked={value === stars}
              aria-label={`${label}: ${stars} ${stars === 1 ? 'star' : 'stars'}`}
              onClick={() => onChange(stars)}
              className={`flex items-center justify-center leading-none transition hover:scale-110 ${size === 'lg' ? 'h-11 w-11 text-3xl' : 'h-9 w-9 text-2xl'} ${lit ? 'text-gold-bright' : 'text-shadow hover:text-gold/60'}`}
            >
              <span aria-hidden="true">★</span>
            </button>
          );
        })}
      </span>
      {optional ? (
        <button type="button" className="text-xs text-ash underline-offset-2 hover:text-gold-bright hover:underline disabled:no-underline disabled:opacity-50" disabled={value === null} onClick={() => onChange(null)}>
          {value === null ? 'Not rated' : 'Clear'}
        </button>
      ) : null}
    </div>
  );
}
