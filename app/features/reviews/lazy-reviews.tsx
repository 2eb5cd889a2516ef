import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const ReviewsSection = lazy(() => import('./reviews-section.tsx'));

/**
 * Holds the place of 'Spell Testimonials' and fetches its code and data only once the shopper scrolls near it,
 * so none of it weighs on the product page's first load.
 */
export function LazyReviews({ productId }: { productId: number }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setNear(true);
        observer.disconnect();
      }
    }, { rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const placeholder = (
    <section className="mt-14" aria-labelledby="spell-testimonials">
      <p className="eyebrow">Reviews</p>
      <h2 id="spell-testimonials" className="mt-1 text-2xl text-gold-bright sm:text-3xl">
        Spell Testimonials
      </h2>
      <p className="panel mt-6 p-6 text-center text-ash" role="status">
        Gathering testimonials...
      </p>
    </section>
  );

  return <div ref={anchor} data-testid="spell-testimonials">{near ? <Suspense fallback={placeholder}>{<ReviewsSection productId={productId} />}</Suspense> : placeholder}</div>;
}
