import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * `useSyncExternalStoreWithSelector`, which react-redux and recharts (the back-office charts) import from
 * `use-sync-external-store`. That package is CommonJS that requires React itself; Vite's development server
 * cannot run it on the server, nor point its `require('react')` at Preact, so the build aliases the package's
 * selector entry points to this module (vite.config.ts, docs/decisions/0013). It follows React's own
 * implementation: the selection is recomputed only when the store's snapshot changes, and a selection equal to
 * the last one (by `isEqual`) keeps its identity, so components re-render only when what they read changes.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const committed = useRef<{ hasValue: boolean; value: Selection | undefined }>({ hasValue: false, value: undefined });

  const [getSelection, getServerSelection] = useMemo(() => {
    let memoized: { snapshot: Snapshot; selection: Selection } | undefined;
    const select = (snapshot: Snapshot): Selection => {
      if (memoized && Object.is(memoized.snapshot, snapshot)) return memoized.selection;
      const next = selector(snapshot);
      const previous = memoized ? { has: true, value: memoized.selection } : { has: committed.current.hasValue, value: committed.current.value };
      const selection = isEqual !== undefined && previous.has && isEqual(previous.value as Selection, next) ? (previous.value as Selection) : next;
      memoized = { snapshot, selection };
      return selection;
    };
    return [() => select(getSnapshot()), getServerSnapshot ? () => select(getServerSnapshot()) : undefined] as const;
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);

  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    committed.current = { hasValue: true, value };
  }, [value]);
  useDebugValue(value);
  return value;
}

export default { useSyncExternalStoreWithSelector };
