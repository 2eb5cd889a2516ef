/**
 * Five stars filled to the rating (fractions included), read out as one sentence by screen readers. Two layers
 * of text stars keep a catalogue of many cards light: no SVG per star.
 */
export function StarRating({ rating, reviewCount, size = 'sm' }: { rating: number; reviewCount?: number; size?: 'sm' | 'md' }) {
  const filled = `${Math.max(0, Math.min(5, rating)) * 20}%`;
  const label = `Rated ${rating.toFixed(1)} out of 5${reviewCount === undefined ? '' : `, ${reviewCount} ${reviewCount === 1 ? 'review' : 'reviews'}`}`;
  return (
    <div className="flex items-center gap-1.5" role="img" aria-label={label}>
      <span aria-hidden="true" className={`relative inline-block leading-none tracking-[0.15em] ${size === 'sm' ? 'text-base' : 'text-xl'}`}>
        <span className="text-shadow">★★★★★</span>
        <span className="absolute inset-y-0 left-0 overflow-hidden whitespace-nowrap text-gold-bright" style={{ width: filled }}>
          ★★★★★
        </span>
      </span>
      {reviewCount === undefined ? null : (
        <span className="text-xs text-ash" aria-hidden="true">
          ({reviewCount})
        </span>
      )}
    </div>
  );
}
