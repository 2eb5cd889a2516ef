import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

type ToasterProps = ComponentProps<typeof Toaster>;

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart'] as const;

/** Runs `callback` once the browser is idle (Safari has no idle callbacks: a short wait instead); returns a cancel. */
function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 1000);
  return () => clearTimeout(id);
}

/**
 * react-hot-toast's Toaster, loaded after the page has hydrated instead of with it (docs/decisions/0011): at the
 * first touch, click or key press, or once the browser is idle, whichever comes first. A toast raised before
 * then waits in the library's store and shows as soon as the Toaster mounts.
 */
export function DeferredToaster(props: ToasterProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const start = () => setReady(true);
    for (const type of INTERACTIONS) window.addEventListener(type, start, { once: true, passive: true, capture: true });
    const cancelIdle = whenIdle(start);
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, start, { capture: true });
      cancelIdle();
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
