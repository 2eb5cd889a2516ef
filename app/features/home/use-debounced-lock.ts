import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A selection that settles: a request waits `debounceMs` for the next one (rapid clicks or arrow presses end on
 * the last choice), and after a change no other change lands for `lockMs`, so the content never flickers
 * between panels mid-transition. A request made during the lock is applied when the lock ends.
 */
export function useDebouncedLock(initial: number, debounceMs = 300, lockMs = 300) {
  const [value, setValue] = useState(initial);
  const [pending, setPending] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lockedUntil = useRef(0);

  useEffect(() => () => clearTimeout(timer.current), []);

  const request = useCallback(
    (next: number) => {
      clearTimeout(timer.current);
      setPending(next);
      const wait = Math.max(debounceMs, lockedUntil.current - Date.now());
      timer.current = setTimeout(() => {
        setValue(next);
        setPending(null);
        lockedUntil.current = Date.now() + lockMs;
      }, wait);
    },
    [debounceMs, lockMs],
  );

  return { value, pending, request };
}
