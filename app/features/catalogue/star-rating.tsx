import { useId } from 'react';

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3 6.1 20.5l1.3-6.5L2.5 9.4l6.6-.8z';

/** Five stars filled to the rating (halves included), read out as a sentence for screen readers. */
export function StarRating({ rating, reviewCount, size = 'sm' }: { rating: number; reviewCount?: number; size?: 'sm' | 'md' }) {
  const gradientId = useId();
  const dimension = size === 'sm' ? 'h-4 w-4' : 'h-5 w-5';
  const label = `Rated ${rating.toFixed(1)} out of 5${reviewCount === undefined ? '' : `, ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`}`;
  return (
    <div className="flex items-center gap-1.5" role="img" aria-label={label}>
      <div className="flex" aria-hidden="true">
        {[0, 1, 2, 3, 4].map((index) => {
          const fill = Math.max(0, Math.min(1, rating - index));
          return (
            <svg key={index} viewBox="0 0 24 24" className={dimension}>
              <defs>
                <linearGradient id={`${gradientId}-${index}`}>
                  <stop offset={`${fill * 100}%`} stopColor="#f3d88a" />
                  <stop offset={`${fill * 100}%`} stopColor="#3b2a52" />
                </linearGradient>
              </defs>
              <path d={STAR_PATH} fill={`url(#${gradientId}-${index})`} />
            </svg>
          );
        })}
      </div>
      {reviewCount === undefined ? null : (
        <span className="text-xs text-ash" aria-hidden="true">
          ({reviewCount})
        </span>
      )}
    </div>
  );
}
