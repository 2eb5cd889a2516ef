import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

type ToasterProps = ComponentProps<typeof Toaster>;

let requested = false;
const listeners = new Set<() => void>();

/** Called by `app/lib/toast.ts` before every toast: the Toaster mounts the first time a page has something to say. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/**
 * react-hot-toast's Toaster, mounted only once a toast is raised (docs/decisions/0011, 0015). Mounting it injects
 * the library's styles, which made the browser restyle the whole page: a long task on every visit, for toasts most
 * visits never show. A toast raised before the Toaster is there waits in the library's store and shows as soon as
 * it mounts, a moment later.
 */
export function DeferredToaster(props: ToasterProps) {
  const [ready, setReady] = useState(requested);
  useEffect(() => {
    const start = () => setReady(true);
    if (requested) start();
    listeners.add(start);
    return () => {
      listeners.delete(start);
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  ) : null;
}
